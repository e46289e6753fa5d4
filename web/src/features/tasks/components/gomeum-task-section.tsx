import { GOMEUM_LOG_MAX_IMAGES, PLANET_IDS, type PlanetId } from '@gomeum/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { EntriesSkeleton, FieldsSkeleton } from '../../../lib/skeleton.tsx';
import { UploadCancelled } from '../../../lib/upload-request.ts';
import { useUpload } from '../../../lib/upload-progress.tsx';
import { ImagesPicker } from '../../../lib/operator/images-picker.tsx';
import { useAddGomeumLog, useGomeumTask, useSaveGomeumTask } from '../api/gomeum-task.ts';
import { GomeumLogEditor } from './gomeum-log-editor.tsx';
import { FormActions, PlanetSelect } from '../../../lib/operator/shared.tsx';
import { Field } from '../../../lib/field.tsx';
import { FilePicker } from '../../../lib/file-picker.tsx';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Why a save with an upload did not happen: stopped by the operator, or failed. */
const failure = (error: unknown) =>
  error instanceof UploadCancelled ? 'dashboard.upload_cancelled' : 'dashboard.save_failed';
const LANGS = ['en', 'zh', 'ko'] as const;

function GomeumTaskForm({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const task = useGomeumTask(planet);
  const save = useSaveGomeumTask(planet);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const upload = useUpload();
  if (task.isPending) return <FieldsSkeleton fields={4} />;
  if (task.isError) return <p className="form__error">{t('dashboard.load_failed')}</p>;
  const data = task.data;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // The picked file is the one the picker shows (state), not what the input holds.
    form.delete('image');
    if (picked) form.append('image', picked);
    if (picked && !IMAGE_ACCEPT.split(',').includes(picked.type)) {
      setNotice({ ok: false, text: t('upload.error_not_image') });
      return;
    }
    save.mutate(
      { form, upload: picked ? upload.start() : undefined },
      {
        onSuccess: () => {
          setPicked(null);
          setNotice({ ok: true, text: t('dashboard.gomeum_task_updated') });
        },
        onError: (error) => setNotice({ ok: false, text: t(failure(error)) }),
        onSettled: upload.end,
      },
    );
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
      <FilePicker
        label={t('dashboard.image')}
        accept={IMAGE_ACCEPT}
        file={picked}
        onChange={setPicked}
        disabled={upload.uploading}
        previewAlt={t('task.gomeum_task_image_alt')}
      />
      {upload.bar}
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
  const upload = useUpload();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!content.trim()) {
      setNotice({ ok: false, text: t('task.error_fill_all') });
      return;
    }
    if (images.some((image) => !IMAGE_ACCEPT.split(',').includes(image.type))) {
      setNotice({ ok: false, text: t('upload.error_not_image') });
      return;
    }
    const form = new FormData();
    form.append('content', content);
    for (const image of images) form.append('images', image);
    add.mutate(
      { form, upload: images.length > 0 ? upload.start() : undefined },
      {
        onSuccess: () => {
          setContent('');
          setImages([]);
          setNotice({ ok: true, text: t('dashboard.log_published') });
        },
        onError: (error) => setNotice({ ok: false, text: t(failure(error)) }),
        onSettled: upload.end,
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit}>
      <Field label={t('dashboard.new_log')}>
        <textarea
          className="input textarea"
          name="content"
          rows={3}
          maxLength={5000}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
        />
      </Field>
      <ImagesPicker
        label={t('dashboard.log_images', { max: GOMEUM_LOG_MAX_IMAGES })}
        accept={IMAGE_ACCEPT}
        files={images}
        max={GOMEUM_LOG_MAX_IMAGES}
        onChange={setImages}
        disabled={upload.uploading}
      />
      {upload.bar}
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
        {task.isPending ? (
          <EntriesSkeleton entries={2} />
        ) : (
          <GomeumLogEditor planet={planet} logs={task.data?.logs ?? []} />
        )}
      </section>
    </div>
  );
}
