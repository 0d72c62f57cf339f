import { useCallback, useEffect, useRef, useState } from 'react';
import { docTextLength, teachingLimits } from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { toast } from '../../../shared/toast';
import { richDoc } from './richDoc';

/**
 * A report the draft keeps: a task's report or a self-study one. `key` names it in the browser's
 * storage; `save` sends a revision and answers what the server holds.
 */
export interface DraftSource {
  key: string;
  content: Record<string, unknown> | null;
  revision: number;
  savedAt: string | null;
  save: (
    doc: RichDocument,
    revision: number,
    leaving: boolean,
  ) => Promise<{ revision: number; savedAt: string }>;
  /** Said once while saves fail. */
  failedMessage: string;
}

/** A save this long after the last edit. */
export const autosaveDelayMs = 2_000;
/** And every so often while edits are unsaved (a failed save is tried again then). */
export const autosaveEveryMs = 30_000;

/** Where the browser keeps a report's edits until the server has them. */
export const reportDraftKey = (key: string) => `report-draft:${key}`;

interface StoredDraft {
  revision: number;
  doc: RichDocument;
}

export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(reportDraftKey(key));
    const draft = raw ? (JSON.parse(raw) as Partial<StoredDraft>) : null;
    return draft && typeof draft.revision === 'number' && draft.doc?.type === 'doc'
      ? { revision: draft.revision, doc: draft.doc }
      : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: StoredDraft) {
  try {
    window.localStorage.setItem(reportDraftKey(key), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the server saves are all that is left.
  }
}

/** Forgets the kept edits once the server holds `revision` or newer. */
function dropDraft(key: string, revision: number) {
  const kept = readDraft(key);
  if (kept && kept.revision <= revision) window.localStorage.removeItem(reportDraftKey(key));
}

export type SaveState = 'saved' | 'dirty' | 'saving' | 'failed';

/** Over the report's limit: kept in the browser only, since the server would refuse it. */
export const tooLong = (length: number) => length > teachingLimits.reportMax;

/**
 * A report being written, so that no text is ever lost: every edit raises the revision and is
 * kept in local storage at once; a save goes 2 s after the last edit and every 30 s while edits
 * are unsaved, each with its revision, and when the page is left. The kept edits are dropped
 * only once the server confirms their revision. Opened again, a kept revision newer than the
 * server's is restored and saved.
 */
export function useReportDraft(info: DraftSource) {
  const id = info.key;
  const send = useRef(info.save);
  send.current = info.save;
  const failedMessage = useRef(info.failedMessage);
  failedMessage.current = info.failedMessage;
  const [start] = useState(() => {
    const kept = readDraft(id);
    if (kept && kept.revision > info.revision)
      return { doc: kept.doc, revision: kept.revision, restored: true };
    dropDraft(id, info.revision);
    return { doc: richDoc(info.content), revision: info.revision, restored: false };
  });
  const now = useRef({
    doc: start.doc,
    revision: start.revision,
    confirmed: info.revision,
    saving: false,
    again: false,
    failing: false,
  });
  const [state, setState] = useState<SaveState>(start.restored ? 'dirty' : 'saved');
  const [length, setLength] = useState(() => docTextLength(start.doc));
  const [savedAt, setSavedAt] = useState(info.savedAt);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  /** Sends the newest edits; true when the server holds them (or there was nothing to send). */
  const save = useCallback(
    async (leaving = false): Promise<boolean> => {
      const draft = now.current;
      clearTimeout(debounce.current);
      if (!draft.doc || draft.revision <= draft.confirmed) return true;
      if (tooLong(docTextLength(draft.doc))) return false;
      if (draft.saving) {
        draft.again = true;
        return false;
      }
      draft.saving = true;
      const { doc, revision } = draft;
      setState('saving');
      let ok = false;
      try {
        const saved = await send.current(doc, revision, leaving);
        draft.failing = false;
        if (saved.revision === revision) {
          draft.confirmed = Math.max(draft.confirmed, revision);
          dropDraft(id, revision);
          setSavedAt(saved.savedAt);
          ok = true;
        } else if (saved.revision > draft.revision) {
          // Newer text was saved elsewhere (another tab): what is written here goes on top.
          draft.revision = saved.revision + 1;
          writeDraft(id, { revision: draft.revision, doc: draft.doc ?? doc });
        }
        setState(draft.revision > draft.confirmed ? 'dirty' : 'saved');
      } catch {
        // Said once until a save goes through; the kept edits are sent again on the next tick.
        if (!draft.failing) toast.error(failedMessage.current);
        draft.failing = true;
        setState('failed');
      } finally {
        draft.saving = false;
      }
      if (draft.again) {
        draft.again = false;
        return save(leaving);
      }
      return ok;
    },
    [id],
  );

  const edit = useCallback(
    (doc: RichDocument) => {
      const draft = now.current;
      draft.doc = doc;
      draft.revision += 1;
      writeDraft(id, { revision: draft.revision, doc });
      setLength(docTextLength(doc));
      setState((previous) => (previous === 'failed' ? previous : 'dirty'));
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => void save(), autosaveDelayMs);
    },
    [id, save],
  );

  useEffect(() => {
    const timer = setInterval(() => void save(), autosaveEveryMs);
    const leave = () => void save(true);
    window.addEventListener('pagehide', leave);
    if (start.restored) debounce.current = setTimeout(() => void save(), autosaveDelayMs);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [save, start.restored]);

  /** The report as it stands and its revision, and marks it as held by the server (after a submission). */
  const current = () => now.current.doc;
  const revision = () => now.current.revision;
  const confirm = () => {
    const draft = now.current;
    clearTimeout(debounce.current);
    draft.confirmed = draft.revision;
    dropDraft(id, draft.revision);
    setState('saved');
  };

  return {
    initialDoc: start.doc,
    restored: start.restored,
    state,
    length,
    savedAt,
    edit,
    save,
    current,
    revision,
    confirm,
  };
}
