import { pickLocalized } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../../lib/api-client.ts';
import { GomeumCat, MoodSky } from '../../../lib/illustrations/index.ts';
import { useUpdate } from '../api/get-updates.ts';
import '../diary.css';
import { UpdateBody, UpdateDate } from './update-content.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** `/update/{id}`: one update on its own page, open to everyone; a clear page for an unknown id. */
export function UpdatePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const update = useUpdate(id);
  const notFound = update.error instanceof ApiError && update.error.status === 404;
  const heading = update.data
    ? pickLocalized(update.data.title, i18n.language, t('diary.untitled'))
    : update.isError
      ? notFound
        ? t('update_page.not_found_title')
        : t('update_page.load_failed')
      : null;
  useDocumentTitle(heading ?? t('update_page.kicker'));

  let content;
  if (update.isPending) {
    content = (
      <section className="panel message-card" role="status">
        <div className="spinner" aria-hidden="true" />
        <p>{t('common.loading')}</p>
      </section>
    );
  } else if (update.isError) {
    content = (
      <section className="panel message-card">
        <GomeumCat pose="sleep" size={96} />
        <h1>{heading}</h1>
        {notFound ? <p>{t('update_page.not_found_body')}</p> : null}
        <Link className="button button--primary" to="/">
          {t('common.back_home')}
        </Link>
      </section>
    );
  } else {
    content = (
      <article className="panel update update-page__panel" aria-labelledby="update-title">
        <p className="update-page__kicker">{t('update_page.kicker')}</p>
        <h1 id="update-title" className="update__title update-page__title">
          {heading}
        </h1>
        <UpdateDate at={update.data.createdAt} />
        <UpdateBody update={update.data} />
        <Link className="button button--ghost update-page__home" to="/">
          {t('common.back_home')}
        </Link>
      </article>
    );
  }

  return (
    <MoodSky scene="quiet-night">
      <main className="page page--centered update-page">{content}</main>
    </MoodSky>
  );
}
