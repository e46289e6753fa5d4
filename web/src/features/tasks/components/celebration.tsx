import type { PlanetId, TaskProgress } from '@gomeum/contracts';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { GomeumCat } from '../../../lib/illustrations/index.ts';
import { useMarkCelebrated } from '../api/progress.ts';

// Stars that burst around Gomeum: angle (deg) and distance (px) of each, our own CSS shapes.
const BURST = [0, 40, 80, 120, 160, 200, 240, 280, 320].map((angle, index) => ({
  angle,
  distance: 70 + (index % 3) * 18,
  delay: (index % 4) * 60,
}));

/**
 * The moment a goal is reached: Gomeum jumps among bursting stars and the reward the user set is
 * revealed. Shown once: closing it tells the server, so it does not play again anywhere. Under
 * `prefers-reduced-motion` nothing moves; the words are the same.
 */
export function Celebration({ planet, progress }: { planet: PlanetId; progress: TaskProgress }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const markSeen = useMarkCelebrated(planet);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => {
    dialogRef.current?.close();
    if (!markSeen.isPending) markSeen.mutate();
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <dialog
      ref={dialogRef}
      className="popup celebration"
      aria-labelledby="celebration-title"
      aria-describedby="celebration-reward"
      onClick={onClick}
      onCancel={close}
    >
      <div className="popup__body celebration__body">
        <div className="celebration__stage" aria-hidden="true">
          {BURST.map((star) => (
            <span
              key={star.angle}
              className="celebration__star"
              style={{
                ['--angle' as string]: `${star.angle}deg`,
                ['--distance' as string]: `${star.distance}px`,
                animationDelay: `${star.delay}ms`,
              }}
            />
          ))}
          <span className="celebration__cat">
            <GomeumCat pose="wave" size={120} />
          </span>
        </div>
        <h2 id="celebration-title" className="celebration__title">
          {t('celebration.title')}
        </h2>
        <p className="celebration__lead">{t('celebration.lead')}</p>
        <p id="celebration-reward" className="celebration__reward">
          {t('celebration.earned', { reward: progress.reward })}
        </p>
        <button type="button" className="button button--primary celebration__close" onClick={close} autoFocus>
          {t('celebration.close')}
        </button>
      </div>
    </dialog>
  );
}
