// The notice for a casino tab that sent claims faster than any real game: the worker refused what
// was over that tab's budget (src/background/rate-limit.ts). Shown so that a flood is never a
// silent loss: the user learns rounds that page showed meanwhile may be missing.
import type { RateLimitNote } from '../shared/records.js';
import { useEnv } from './env.js';
import { countText } from '../ui/i18n.js';

export function RateLimitNotices({ notes }: { notes?: RateLimitNote[] }) {
  const { t } = useEnv();
  if (!notes?.length) return null;
  return (
    <>
      {notes.map((note) => (
        <p
          key={`${note.tab}|${note.host}`}
          class="banner banner-warning"
          role="status"
          tabIndex={0}
          data-notice="rate-limit"
          data-host={note.host}
          data-claims={note.claims}
          data-refused={note.refused}
          data-shared={note.shared}
        >
          {countText(t, note.shared ? 'rateLimitSharedNotice' : 'rateLimitNotice', note.refused, [note.host, note.claims])}
        </p>
      ))}
    </>
  );
}
