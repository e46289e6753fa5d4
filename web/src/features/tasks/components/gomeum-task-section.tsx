import {
  GOMEUM_LOG_MAX_IMAGES,
  PLANET_IDS,
  type Language,
  type LocalizedText,
  type operatorGomeumTaskSchema,
  type PlanetId,
} from '@gomeum/contracts';
import type * as z from 'zod/mini';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { EntriesSkeleton, FieldsSkeleton } from '../../../lib/skeleton.tsx';
import { UploadCancelled } from '../../../lib/upload-request.ts';
import { useUpload } from '../../../lib/upload-progress.tsx';
import { ImagesPicker } from '../../../lib/operator/images-picker.tsx';
import { useAddGomeumLog, useGomeumTask, useSaveGomeumTask } from '../api/gomeum-task.ts';
import { GomeumLogEditor } from './gomeum-log-editor.tsx';
import { LogLanguageFields, logFields, noLogText } from './log-languages.tsx';
import { FormActions, PlanetSelect, type Notice } from '../../../lib/operator/shared.tsx';
import { Field } from '../../../lib/field.tsx';
import {
  InLanguageField,
  hasUncheckedDrafts,
  OtherLanguagesButton,
  useOtherLanguages,
  useWritingOrder,
  type InLanguages,
  type OtherLanguages,
} from '../../../lib/operator/other-languages.tsx';
import { FilePicker } from '../../../lib/file-picker.tsx';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Why a save with an upload did not happen: stopped by the operator, or failed. */
const failure = (error: unknown) =>
  error instanceof UploadCancelled ? 'dashboard.upload_cancelled' : 'dashboard.save_failed';

type OperatorGomeumTask = z.infer<typeof operatorGomeumTaskSchema>;

/** Text in each language, blank where there is none. */
const inLanguages = (text: LocalizedText): InLanguages => ({ en: text.en ?? '', zh: text.zh ?? '', ko: text.ko ?? '' });

function GomeumTaskForm({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const task = useGomeumTask(planet);
  // Kept outside the editor, which starts again from the saved task.
  const notice = useState<Notice | null>(null);
  if (task.isPending) return <FieldsSkeleton fields={4} />;
  if (task.isError) return <p className="form__error">{t('dashboard.load_failed')}</p>;
  const data = task.data;
  // A new task read (another planet, or the saved one) starts the form again from what is stored.
  return (
    <GomeumTaskEditor
      key={`${planet}-${data.proof}-${JSON.stringify([data.description, data.reward])}`}
      {...{ planet, data, notice }}
    />
  );
}

/**
 * The task's description and reward in each language: one written, the other two drafted on
 * asking and marked until the operator checks or edits them (not saved before).
 */
function GomeumTaskEditor({
  planet,
  data,
  notice: [notice, setNotice],
}: {
  planet: PlanetId;
  data: OperatorGomeumTask;
  notice: [Notice | null, (notice: Notice | null) => void];
}) {
  const { t } = useTranslation();
  const save = useSaveGomeumTask(planet);
  const [picked, setPicked] = useState<File | null>(null);
  const [descriptions, setDescriptions] = useState(() => inLanguages(data.description));
  const [rewards, setRewards] = useState(() => inLanguages(data.reward));
  const otherDescriptions = useOtherLanguages(descriptions, setDescriptions);
  const otherRewards = useOtherLanguages(rewards, setRewards);
  const order = useWritingOrder();
  const upload = useUpload();

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasUncheckedDrafts(otherDescriptions, otherRewards)) {
      setNotice({ ok: false, text: t('dashboard.drafts_unchecked') });
      return;
    }
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
  const field = (
    lang: Language,
    name: 'description' | 'reward',
    [values, setValues, other]: [InLanguages, (next: InLanguages) => void, OtherLanguages],
  ) => (
    <InLanguageField
      lang={lang}
      label={t(`task.${name}`)}
      name={`${name}_${lang}`}
      rows={name === 'description' ? 3 : 2}
      values={values}
      setValues={setValues}
      other={other}
    />
  );

  return (
    <form className="form" data-planet={planet} onSubmit={onSubmit}>
      <div className="lang-grid">
        {order.map((lang) => (
          <fieldset key={lang} className="lang-grid__column">
            <legend>{t(`language.names.${lang}`)}</legend>
            {field(lang, 'description', [descriptions, setDescriptions, otherDescriptions])}
            {field(lang, 'reward', [rewards, setRewards, otherRewards])}
          </fieldset>
        ))}
      </div>
      <OtherLanguagesButton other={[otherDescriptions, otherRewards]} />
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
  const [texts, setTexts] = useState(noLogText);
  const other = useOtherLanguages(texts, setTexts);
  const [images, setImages] = useState<File[]>([]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = logFields(texts);
    if (!fields) {
      setNotice({ ok: false, text: t('task.error_fill_all') });
      return;
    }
    if (hasUncheckedDrafts(other)) {
      setNotice({ ok: false, text: t('dashboard.drafts_unchecked') });
      return;
    }
    if (images.some((image) => !IMAGE_ACCEPT.split(',').includes(image.type))) {
      setNotice({ ok: false, text: t('upload.error_not_image') });
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const image of images) form.append('images', image);
    add.mutate(
      { form, upload: images.length > 0 ? upload.start() : undefined },
      {
        onSuccess: () => {
          setTexts(noLogText());
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
      <LogLanguageFields label="dashboard.new_log_in" texts={texts} setTexts={setTexts} other={other} />
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
