import { TYPING_EXPIRES_MS, TYPING_IDLE_MS, TYPING_THROTTLE_MS } from '@gomeum/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLive, useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';

/**
 * Tells the other side this person is typing: at most one event every 2 s while keys are pressed,
 * a stop 5 s after the last keystroke, on send (`stop`) and when the box goes away. `userId`: the
 * conversation the operator types in (a user types in their own).
 */
export function useTypingSender(userId?: string) {
  const live = useLive();
  const sentAt = useRef(0);
  const typing = useRef(false);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const send = useCallback(
    (value: boolean) => live?.send({ type: 'chat.typing', typing: value, ...(userId ? { userId } : {}) }),
    [live, userId],
  );
  const stop = useCallback(() => {
    clearTimeout(idle.current);
    if (!typing.current) return;
    typing.current = false;
    send(false);
  }, [send]);
  const keystroke = useCallback(() => {
    const now = Date.now();
    if (!typing.current || now - sentAt.current >= TYPING_THROTTLE_MS) {
      typing.current = true;
      sentAt.current = now;
      send(true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [send, stop]);
  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}

/**
 * The operator's side: the users typing now, by user id. Each is forgotten after
 * `TYPING_EXPIRES_MS` without another event, on a stop, when their message arrives, and on every
 * reconnect.
 */
export function useUsersTyping(): ReadonlySet<string> {
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const forget = useCallback((userId: string) => {
    clearTimeout(timers.current.get(userId));
    timers.current.delete(userId);
    setTyping((current) => {
      if (!current.has(userId)) return current;
      const next = new Set(current);
      next.delete(userId);
      return next;
    });
  }, []);
  useLiveEvent('chat.typing', (event) => {
    if (event.who !== 'user') return;
    if (!event.typing) return forget(event.userId);
    clearTimeout(timers.current.get(event.userId));
    timers.current.set(
      event.userId,
      setTimeout(() => forget(event.userId), TYPING_EXPIRES_MS),
    );
    setTyping((current) => (current.has(event.userId) ? current : new Set(current).add(event.userId)));
  });
  useLiveEvent('chat.message', (event) => {
    if (event.message.sender === 'user') forget(event.message.userId);
  });
  useLiveOpen(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setTyping(new Set());
  });
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);
  return typing;
}

/**
 * The user's side: whether Gomeum is typing in their conversation, the operator (until 6 s of
 * silence, a stop or their message) or the AI composing (until its first words or its answer).
 */
export function useGomeumTyping(userId: string | null): boolean {
  const [operator, setOperator] = useState(false);
  const [ai, setAi] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const operatorStops = useCallback(() => {
    clearTimeout(timer.current);
    setOperator(false);
  }, []);
  useLiveEvent('chat.typing', (event) => {
    if (event.userId !== userId) return;
    if (event.who === 'gomeum_ai') setAi(event.typing);
    if (event.who !== 'gomeum') return;
    operatorStops();
    if (!event.typing) return;
    setOperator(true);
    timer.current = setTimeout(operatorStops, TYPING_EXPIRES_MS);
  });
  useLiveEvent('chat.ai_delta', (event) => {
    if (event.userId === userId) setAi(false);
  });
  useLiveEvent('chat.message', ({ message }) => {
    if (message.userId !== userId) return;
    if (message.sender === 'gomeum_ai') setAi(false);
    if (message.sender === 'gomeum') operatorStops();
  });
  useLiveOpen(() => {
    operatorStops();
    setAi(false);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return operator || ai;
}
