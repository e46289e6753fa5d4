import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadConfig, withDefaults, type AppConfig } from './config.ts';

/** The least a config built without the environment says (as tests build one). */
const bare: AppConfig = {
  dataDir: '/tmp/gomeum-config-test',
  trustProxy: false,
  logLevel: 'silent',
  webDist: '/tmp/gomeum-config-test/web',
  session: { idleMs: 1, maxMs: 2, secure: 'auto' },
  rateLimit: { auth: 1, guest: 2 },
  seedContent: false,
  uploadMaxBytes: 1024,
  storage: { driver: 'local' },
  now: Date.now,
};

describe('settings', () => {
  it('fills every setting a config leaves out from DEFAULTS, once, and keeps what it says', () => {
    const settings = withDefaults({
      ...bare,
      chatRateLimit: { messages: 3, aiReplies: 4 },
      imageWork: { maxWaiting: 0 },
    });
    expect(settings.rateLimit).toEqual({ auth: 1, guest: 2, guestsPerDay: DEFAULTS.rateLimit.guestsPerDay });
    expect(settings.chatRateLimit).toEqual({
      messages: 3,
      aiReplies: 4,
      aiDrafts: DEFAULTS.chatRateLimit.aiDrafts,
      aiTranslations: DEFAULTS.chatRateLimit.aiTranslations,
      aiGuestsPerAddress: DEFAULTS.chatRateLimit.aiGuestsPerAddress,
    });
    expect(settings.imageWork).toEqual({ ...DEFAULTS.imageWork, maxWaiting: 0 });
    expect(settings).toMatchObject({
      exportRateLimit: DEFAULTS.exportsPerHour,
      redisPrefix: DEFAULTS.redisPrefix,
      metrics: {},
      shutdownDeadlineMs: DEFAULTS.shutdownDeadlineMs,
      liveHeartbeatMs: DEFAULTS.liveHeartbeatMs,
      liveSessionCheckMs: DEFAULTS.liveSessionCheckMs,
      liveMaxBufferedBytes: DEFAULTS.liveMaxBufferedBytes,
      liveMaxSockets: DEFAULTS.liveMaxSockets,
      liveMaxGuestSocketsPerAddress: DEFAULTS.liveMaxGuestSocketsPerAddress,
      chatHistoryBytesPer10s: DEFAULTS.chatHistoryBytesPer10s,
      retentionMs: DEFAULTS.retentionDays * 24 * 60 * 60 * 1000,
    });
  });

  it('takes the same defaults from an empty environment', () => {
    const settings = loadConfig({});
    expect(settings).toMatchObject({
      port: DEFAULTS.port,
      host: DEFAULTS.host,
      rateLimit: DEFAULTS.rateLimit,
      chatRateLimit: DEFAULTS.chatRateLimit,
      imageWork: { ...DEFAULTS.imageWork },
      exportRateLimit: DEFAULTS.exportsPerHour,
      uploadMaxBytes: DEFAULTS.uploadMaxBytes,
      ai: { ...DEFAULTS.ai, apiKey: undefined },
      redisPrefix: DEFAULTS.redisPrefix,
      shutdownDeadlineMs: DEFAULTS.shutdownDeadlineMs,
      liveMaxBufferedBytes: DEFAULTS.liveMaxBufferedBytes,
      chatHistoryBytesPer10s: DEFAULTS.chatHistoryBytesPer10s,
      retentionMs: withDefaults(bare).retentionMs,
    });
  });
});
