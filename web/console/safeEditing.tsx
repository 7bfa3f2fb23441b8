/**
 * Safe editing in the console: a warning before unsaved changes are left behind (closing or reloading the tab,
 * and the console's own navigation), and a confirmation before a change goes live on the storefront. A preview
 * asks nothing: it changes nothing a shopper sees.
 */
import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** The editors that hold changes not saved yet. */
const unsaved = new Set<symbol>();

window.addEventListener('beforeunload', (e) => {
  if (unsaved.size === 0) return;
  // The browser shows its own words; both calls are needed across browsers.
  e.preventDefault();
  e.returnValue = '';
});

/** Marks the calling editor as holding unsaved changes while `dirty`. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useRef(Symbol('editor')).current;
  useEffect(() => {
    if (dirty) unsaved.add(id);
    else unsaved.delete(id);
    return () => {
      unsaved.delete(id);
    };
  }, [dirty]);
}

/** True when nothing is unsaved, or the merchandiser chose to leave the changes behind. */
export function leaveAllowed(): boolean {
  if (unsaved.size === 0) return true;
  const leave = window.confirm('You have unsaved changes. Leave without saving them?');
  if (leave) unsaved.clear();
  return leave;
}

/**
 * Whether `value` differs from what was loaded or last saved: the first value after null is the baseline
 * (a load), `settle` takes a saved value as the new one.
 */
export function useBaseline<T>(value: T | null): { dirty: boolean; settle: (saved: T) => void } {
  const baseline = useRef<string | undefined>(undefined);
  if (value === null) baseline.current = undefined;
  else if (baseline.current === undefined) baseline.current = JSON.stringify(value);
  const dirty = value !== null && JSON.stringify(value) !== baseline.current;
  useUnsavedChanges(dirty);
  return {
    dirty,
    settle: (saved) => {
      baseline.current = JSON.stringify(saved);
    },
  };
}

/**
 * Asks before a change goes live: a modal dialog naming what changes and where, "Publish" or "Cancel" (Escape
 * cancels). Focus starts on Cancel, so Enter alone publishes nothing, and returns where it was afterwards.
 */
export function confirmGoingLive(title: string, detail: string, action = 'Publish'): Promise<boolean> {
  const returnTo = document.activeElement as HTMLElement | null;
  const host = document.createElement('div');
  document.body.append(host);
  return new Promise((resolve) => {
    const close = (publish: boolean) => {
      render(null, host);
      host.remove();
      returnTo?.focus();
      resolve(publish);
    };
    render(<GoLiveDialog title={title} detail={detail} action={action} onClose={close} />, host);
  });
}

function GoLiveDialog({ title, detail, action, onClose }: { title: string; detail: string; action: string; onClose: (publish: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby="go-live-title"
      aria-describedby="go-live-detail"
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
    >
      <h2 id="go-live-title">{title}</h2>
      <p id="go-live-detail">{detail}</p>
      <div class="editor-actions">
        <button type="button" autofocus onClick={() => onClose(false)}>
          Cancel
        </button>
        <button type="button" class="primary" onClick={() => onClose(true)}>
          {action}
        </button>
      </div>
    </dialog>
  );
}
