/**
 * A button that downloads an analytics answer as CSV (the service's `format=csv`), and says so if it fails.
 * The label names what is downloaded and starts with the visible words (WCAG 2.5.3, label in name), so a
 * speech-input user can say what they see.
 */
import { useState } from 'preact/hooks';
import { adminDownload } from './report';

export function CsvButton({ path, label, text = 'CSV' }: { path: string; label: string; text?: string }) {
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    setError(null);
    adminDownload(path).catch((err: Error) => setError(`The download failed: ${err.message}`));
  };
  return (
    <span class="csv">
      <button type="button" class="csv-button" aria-label={label.includes(text) ? label : `${text}: ${label}`} onClick={download}>
        {text}
      </button>
      {error && (
        <span role="alert" class="error">
          {error}
        </span>
      )}
    </span>
  );
}
