import { useTranslation } from '../../../lib/i18n.ts';
import { ListStates } from '../../../lib/operator/list-states.tsx';
import { ShareLink } from '../../../lib/operator/share-link.tsx';
import { LinesSkeleton } from '../../../lib/skeleton.tsx';
import { useUpdatePopupLinks } from '../api/popup-links.ts';

/** The editor's order of languages (its fields below go the same way). */
const ORDER = ['zh', 'en', 'ko'];

/**
 * An update's links to share as the home page's popup, one per language it has a title in, each
 * with a copy button; read once the entry is opened (`active`).
 */
export function UpdateShareLinks({ id, active }: { id: string; active: boolean }) {
  const { t } = useTranslation();
  const links = useUpdatePopupLinks(id, active);
  if (!active) return null;
  return (
    <div className="update-share">
      <p className="muted">{t('dashboard.share_link_hint')}</p>
      <ListStates
        query={links}
        empty={t('dashboard.nothing_yet')}
        isEmpty={(items) => items.length === 0}
        skeleton={<LinesSkeleton lines={2} />}
      >
        {(items) =>
          [...items]
            .sort((a, b) => ORDER.indexOf(a.language) - ORDER.indexOf(b.language))
            .map((link) => (
              <ShareLink
                key={link.language}
                label={t('dashboard.share_link_in', { language: t(`language.names.${link.language}`) })}
                path={link.path}
              />
            ))
        }
      </ListStates>
    </div>
  );
}
