import { pickLocalized, type Update } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import './update-content.css';

/** The date an update was published, in the reader's language. */
export function UpdateDate({ at }: { at: number }) {
  const { i18n } = useTranslation();
  return (
    <time className="update__date" dateTime={new Date(at).toISOString()}>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(at)}
    </time>
  );
}

/**
 * An update's body in the current language (fallback en). The HTML was cleaned with an allow-list
 * on the server when it was written, and the page's CSP runs no inline script or handler.
 */
export function UpdateBody({ update }: { update: Update }) {
  const { i18n } = useTranslation();
  const title = pickLocalized(update.title, i18n.language);
  const html = pickLocalized(update.content, i18n.language);
  return (
    <>
      {update.imageUrl ? <img className="update__image" src={update.imageUrl} alt={title} loading="lazy" /> : null}
      {html ? <UpdateHtml html={html} /> : null}
    </>
  );
}

/**
 * Sanitized update HTML, styled as the diary shows it: the update page and the operator's preview
 * draw it the same way. Only HTML the server cleaned comes here.
 */
export function UpdateHtml({ html }: { html: string }) {
  return <div className="update__content" dangerouslySetInnerHTML={{ __html: html }} />;
}
