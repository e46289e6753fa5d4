import { GOMEUM_LOG_MAX_IMAGES, PLANET_IDS, type PlanetId } from '@gomeum/contracts';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddGomeumLog, useGomeumTask, useSaveGomeumTask } from '../api/gomeum-task.ts';
import { GomeumLogEditor } from './gomeum-log-editor.tsx';
import { FormActions, PlanetSelect } from './shared.tsx';
import { Field } from '../../../lib/field.tsx';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const LANGS = ['en', 'zh', 'ko'] as const;

function GomeumTaskForm({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const task = useGomeumTask(planet);
  const save = useSaveGomeumTask(planet);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (task.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (task.isError) return <p className="form__error">{t('dashboard.load_failed')}</p>;
  const data = task.data;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const image = form.get('image');
    if (image instanceof File && image.size > 0 && !IMAGE_ACCEPT.split(',').includes(image.type)) {
      setNotice({ ok: false, text: t('upload.error_not_image') });
      return;
    }
    save.mutate(form, {
      onSuccess: () => setNotice({ ok: true, text: t('dashboard.gomeum_task_updated') }),
      onError: () => setNotice({ ok: false, text: t('dashboard.save_failed') }),
    });
  };

  return (
    <form
      key={`${planet}-${data.proof}-${JSON.stringify(data.description)}`}
      className="form"
      data-planet={planet}
      onSubmit={onSubmit}
    >
      <div className="lang-grid">
        {LANGS.map((lang) => (
          <fieldset key={lang} className="lang-grid__column">
            <legend>{t(`language.names.${lang}`)}</legend>
            <Field label={t('task.description')}>
              <textarea
                className="input textarea"
                name={`description_${lang}`}
                rows={3}
                defaultValue={data.description[lang] ?? ''}
              />
            </Field>
            <Field label={t('task.reward')}>
              <textarea
                className="input textarea"
                name={`reward_${lang}`}
                rows={2}
                defaultValue={data.reward[lang] ?? ''}
              />
            </Field>
          </fieldset>
        ))}
      </div>
      <Field label={t('dashboard.proof')}>
        <textarea className="input textarea" name="proof" rows={2} defaultValue={data.proof} />
      </Field>
      <Field label={t('dashboard.image')}>
        <input className="input input--file" type="file" name="image" accept={IMAGE_ACCEPT} />
      </Field>
      {data.imageUrl ? (
        <img className="user-task__image" src={data.imageUrl} alt={t('task.gomeum_task_image_alt')} />
      ) : null}
      <FormActions label={t('dashboard.save')} pending={save.isPending} notice={notice} />
    </form>
  );
}

function NewGomeumLog({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const add = useAddGomeumLog(planet);
  const formRef = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const content = form.get('content');
    if (typeof content !== 'string' || !content.trim()) {
      setNotice({ ok: false, text: t('task.error_fill_all') });
      return;
    }
    const images = form.getAll('images').filter((f): f is File => f instanceof File && f.size > 0);
    if (images.length > GOMEUM_LOG_MAX_IMAGES) {
      setNotice({ ok: false, text: t('dashboard.too_many_images', { max: GOMEUM_LOG_MAX_IMAGES }) });
      return;
    }
    add.mutate(form, {
      onSuccess: () => {
        formRef.current?.reset();
        setNotice({ ok: true, text: t('dashboard.log_published') });
      },
      onError: () => setNotice({ ok: false, text: t('dashboard.save_failed') }),
    });
  };

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit}>
      <Field label={t('dashboard.new_log')}>
        <textarea className="input textarea" name="content" rows={3} maxLength={5000} />
      </Field>
      <Field label={t('dashboard.log_images', { max: GOMEUM_LOG_MAX_IMAGES })}>
        <input className="input input--file" type="file" name="images" accept={IMAGE_ACCEPT} multiple />
      </Field>
      <FormActions label={t('dashboard.publish_log')} pending={add.isPending} notice={notice} />
    </form>
  );
}

/** Section 4: Gomeum's own task per planet, and its log. */
export function GomeumTaskSection() {
  const { t } = useTranslation();
  const [planet, setPlanet] = useState<PlanetId>('music');
  const task = useGomeumTask(planet);
  return (
    <div className="dashboard-grid">
      <section className="panel dashboard-card dashboard-card--wide">
        <div className="dashboard-card__heading">
          <h2 className="dashboard-card__title">{t('dashboard.gomeum_task_editor')}</h2>
          <PlanetSelect value={planet} onChange={setPlanet} planets={PLANET_IDS} />
        </div>
        <GomeumTaskForm planet={planet} />
      </section>
      <section className="panel dashboard-card dashboard-card--wide">
        <h2 className="dashboard-card__title">{t('task.gomeum_log')}</h2>
        <NewGomeumLog planet={planet} />
        <GomeumLogEditor planet={planet} logs={task.data?.logs ?? []} />
      </section>
    </div>
  );
}
