import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type EditorFault,
  ErrorCodes,
  type SurveyDocument,
  type SurveyDocumentAnswer,
} from '@venue-voice/domain';
import { useCallback, useRef, useState } from 'react';
import { failureCode } from '../../platform/failures';
import { surveysApi } from './surveys-api';

/** The surveys list's query. */
export const LIST_KEY = ['surveys', 'list'] as const;

export const documentKey = (id: number) => ['surveys', id, 'document'] as const;

/** The document one edits: the draft, or the published version when there is none. */
export const startingDocument = (answer: SurveyDocumentAnswer): SurveyDocument =>
  answer.draft?.document ?? answer.published.document;

/**
 * A 10025 answer's faults by document path (`detail.fields[{ field, message, params }]`, O15.25; the server
 * alone knows a slug is taken), or [] for any other failure.
 */
export function refusedFaults(error: unknown): EditorFault[] {
  if (failureCode(error) !== ErrorCodes.FORM_VALIDATION) return [];
  const fields = (error as { detail?: { fields?: unknown } }).detail?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: { field?: unknown; message?: unknown; params?: unknown } | null) =>
    typeof entry?.field === 'string' && typeof entry.message === 'string'
      ? [
          {
            path: entry.field.replace(/^(body|document)\./, ''),
            key: entry.message as EditorFault['key'],
            ...(typeof entry.params === 'object' && entry.params !== null
              ? { params: entry.params as EditorFault['params'] }
              : {}),
          },
        ]
      : [],
  );
}

const draftGone = (error: unknown) => (error as { detail?: { draft?: unknown } }).detail?.draft === null;

/** A change refused as stale (409 10035, O15.52): the draft changed elsewhere; answers the revision of now. */
export interface StaleDraft {
  /** What an overwrite is based on; null when the answer did not say (the document is read again then). */
  revision: string | null;
}

/** The conflict a failure means, or null when it is another failure. */
export function conflictOf(error: unknown): StaleDraft | null {
  if (failureCode(error) !== ErrorCodes.STALE_REVISION) return null;
  const revision = (error as { detail?: { revision?: unknown } }).detail?.revision;
  return { revision: typeof revision === 'string' ? revision : null };
}

/**
 * The revision an overwrite after `conflict` is based on: the one the conflict named, else the one of now
 * read again. The survey editor and the translations screen both overwrite so.
 */
export const overwriteRevision = async (id: number, conflict: StaleDraft | null): Promise<string> =>
  conflict?.revision ?? (await surveysApi.document(id)).revision;

/**
 * The editor's one state: the document as edited, the one the server last stored (to say whether there
 * are unsaved changes), whether a draft exists, and the calls that change them. Saving is explicit (Save,
 * and before Publish): an operator decides when a half-made change becomes the draft others see. Each
 * change names the revision it was based on; one refused as stale keeps the edits and becomes `conflict`,
 * which the operator settles by `reload` (theirs) or `overwrite` (mine), never silently (O15.53).
 */
export function useDraft(id: number, answer: SurveyDocumentAnswer) {
  const queryClient = useQueryClient();
  const [document, setDocument] = useState(() => startingDocument(answer));
  const [saved, setSaved] = useState(document);
  const [hasDraft, setHasDraft] = useState(answer.draft !== null);
  const [version, setVersion] = useState(answer.published.version);
  const [serverFaults, setServerFaults] = useState<EditorFault[]>([]);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  // A ref, not state: Publish saves and then publishes in one call, on the revision the save answered.
  const revision = useRef(answer.revision);
  const [conflict, setConflict] = useState<StaleDraft | null>(null);
  const noticeConflict = useCallback((error: unknown) => {
    const found = conflictOf(error);
    if (found) setConflict(found);
  }, []);

  /** Starts again from the server's answer (after a publish, a discard or a restore). */
  const reload = useCallback(async () => {
    const fresh = await queryClient.fetchQuery({
      queryKey: documentKey(id),
      queryFn: () => surveysApi.document(id),
      staleTime: 0,
    });
    const start = startingDocument(fresh);
    setDocument(start);
    setSaved(start);
    setHasDraft(fresh.draft !== null);
    setVersion(fresh.published.version);
    setServerFaults([]);
    revision.current = fresh.revision;
    setConflict(null);
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  }, [id, queryClient]);

  const store = async (doc: SurveyDocument, base = revision.current) => {
    try {
      const answer = await surveysApi.saveDraft(id, doc, base);
      revision.current = answer?.revision ?? revision.current;
      setSaved(doc);
      setHasDraft(true);
      setServerFaults([]);
      setConflict(null);
      setSavedAt(answer?.updatedAt ?? new Date().toISOString());
    } catch (error) {
      setServerFaults(refusedFaults(error));
      noticeConflict(error);
      throw error;
    }
  };

  const save = useMutation({ mutationFn: (doc: SurveyDocument) => store(doc) });
  const publish = useMutation({
    mutationFn: async (doc: SurveyDocument) => {
      if (doc !== saved || !hasDraft) await store(doc);
      const published = await surveysApi.publish(id, revision.current);
      await reload();
      return published;
    },
    onError: (error) => {
      const faults = refusedFaults(error);
      if (faults.length > 0) setServerFaults(faults);
      noticeConflict(error);
      // No draft to publish (another tab published or discarded it, decision 0255): start from the server's.
      if (failureCode(error) === ErrorCodes.RESOURCE_NOT_FOUND && draftGone(error)) void reload();
    },
  });
  const discard = useMutation({
    mutationFn: async () => {
      await surveysApi.discardDraft(id, revision.current);
      await reload();
    },
    onError: noticeConflict,
  });
  const restore = useMutation({
    mutationFn: async (from: number) => {
      await surveysApi.restore(id, from, revision.current);
      await reload();
      void queryClient.invalidateQueries({ queryKey: ['surveys', id, 'versions'] });
    },
    onError: noticeConflict,
  });
  // After a conflict, the operator's choice: their document becomes the draft over the one of now.
  const overwrite = useMutation({
    mutationFn: async (doc: SurveyDocument) => store(doc, await overwriteRevision(id, conflict)),
  });

  return {
    document,
    setDocument,
    dirty: document !== saved,
    hasDraft,
    version,
    savedAt,
    serverFaults,
    conflict,
    reload,
    save,
    publish,
    discard,
    restore,
    overwrite,
  };
}
