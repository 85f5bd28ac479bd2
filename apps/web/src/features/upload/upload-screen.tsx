import type { UploadAnswer } from '@venue-voice/domain';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { currentLanguage } from '../../platform/i18n';
import { useNextStep } from '../../shared/after-survey';
import { browserPhotoTools } from '../../shared/photo/browser-photo-tools';
import { PhotoPicker } from '../../shared/photo/photo-picker';
import { formatBytes, type UploadProblem } from '../../shared/photo/photo-problem';
import { useGuestSession } from '../../shared/session/session-store';
import { useSurveyLanguage } from '../../shared/use-survey-language';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { type UploadState, usePhotoUpload } from './use-photo-upload';
import './upload.css';

/**
 * /upload (G2, G5, G9): the guest may add one photo to the response they just sent — from the camera
 * or a file — see it, delete it, or skip. The image work is the browser's (tests mock that module).
 */
export function UploadScreen() {
  const { t } = useTranslation('upload');
  const next = useNextStep('/upload');
  const stored = useGuestSession((session) => session.photo);
  const templateLocale = useGuestSession((session) => session.config?.surveys?.[0]?.templateLocale);
  // A reload lands here in the default language: back to the survey's own (G1).
  useSurveyLanguage(templateLocale);
  const { state, choose, retry, remove, localPhoto } = usePhotoUpload(browserPhotoTools);
  // A tablet shows its own copy of the photo it keeps to send (the server may not have it yet).
  const photo = stored ?? localPhoto;
  const busy = state.step === 'preparing' || state.step === 'uploading' || state.step === 'deleting';
  const pending = state.step === 'uploading' || state.step === 'failed' ? state.photo.blob : null;
  const card = useRef<HTMLDivElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  useFocusAfterWait(busy, card, () => retryButton.current ?? nextButton.current);

  return (
    <div className="step">
      <div ref={card} className="step__card step__card--stack step__card--centred upload__card">
        <h1 className="step__title">{t('title')}</h1>
        <p>{t('intro')}</p>
        {pending ? (
          <LocalPreview blob={pending} alt={t('previewAlt')} sending />
        ) : localPhoto ? (
          <LocalPreview blob={localPhoto} alt={t('photoAlt')} />
        ) : stored ? (
          <StoredPhoto photo={stored} />
        ) : (
          <PhotoPlaceholder />
        )}
        <Progress state={state} />
        <Problem state={state} onRetry={retry} retryButton={retryButton} />
        {photo && !pending && <p className="upload__hint">{t('replaceHint')}</p>}
        <div className="upload__actions">
          <PhotoPicker
            label={t('takePhoto')}
            capture="environment"
            // With a photo, moving on is the main action; taking another is one of the others.
            variant={photo ? 'secondary' : 'primary'}
            disabled={busy}
            onChoose={choose}
          />
          <PhotoPicker label={t('uploadFile')} variant="secondary" disabled={busy} onChoose={choose} />
          {photo && (
            <Button variant="secondary" disabled={busy} onClick={() => void remove()}>
              {t('delete')}
            </Button>
          )}
        </div>
        <Button ref={nextButton} variant={photo ? 'primary' : 'quiet'} onClick={next}>
          {photo ? t('continue') : t('skip')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The pick and delete buttons are disabled while busy, which drops the keyboard focus. When the wait
 * ends, the focus goes where the guest goes next (Try again, else Continue or Skip) — unless they have
 * moved it out of the card meanwhile (to the cookie banner, say).
 */
function useFocusAfterWait(
  busy: boolean,
  card: RefObject<HTMLElement | null>,
  target: () => HTMLElement | null,
) {
  const waited = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the end of a wait moves the focus.
  useEffect(() => {
    if (busy) {
      waited.current = true;
      return;
    }
    if (!waited.current) return;
    waited.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && !card.current?.contains(active)) return;
    target()?.focus();
  }, [busy]);
}

/** Where the photo will show, until there is one: a frame in the venue's tint with a camera. */
function PhotoPlaceholder() {
  return (
    <div className="upload__placeholder" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="56"
        height="56"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path
          strokeLinejoin="round"
          d="M3 8.5A1.5 1.5 0 0 1 4.5 7h2.6l1.4-2.2a1.5 1.5 0 0 1 1.3-.8h4.4a1.5 1.5 0 0 1 1.3.8L16.9 7h2.6A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
        />
        <circle cx="12" cy="12.5" r="3.5" />
      </svg>
    </div>
  );
}

/** The served thumbnail (a path under the API's base; the stored photo is upright, without metadata). */
function StoredPhoto({ photo }: { photo: UploadAnswer }) {
  const { t } = useTranslation('upload');
  const src = photo.thumbnailUrl.startsWith('/')
    ? `${env.apiBaseUrl}${photo.thumbnailUrl}`
    : photo.thumbnailUrl;
  return (
    <img
      className="upload__photo"
      src={src}
      alt={t('photoAlt')}
      style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
    />
  );
}

/**
 * The browser's copy (already converted from HEIC): what is being sent until it is stored, or on a
 * tablet the photo its queue keeps to send.
 */
function LocalPreview({ blob, alt, sending = false }: { blob: Blob; alt: string; sending?: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  if (!url) return null;
  // Faded only while it is being sent; a tablet's kept photo is the guest's photo as it stands.
  const className = sending ? 'upload__photo upload__photo--pending' : 'upload__photo';
  return <img className={className} src={url} alt={alt} />;
}

const WAITING = { preparing: 'preparing', uploading: 'uploading', deleting: 'deleting' } as const;

/** The wait while busy, then a short polite note of what happened. */
function Progress({ state }: { state: UploadState }) {
  const { t } = useTranslation('upload');
  if (state.step in WAITING) return <LoadingStatus label={t(WAITING[state.step as keyof typeof WAITING])} />;
  return (
    <p className="upload__notice" role="status">
      {state.step === 'idle' && state.notice ? t(state.notice) : ''}
    </p>
  );
}

/** A refusal in the guest's language, or a lost connection with a retry of the same photo. */
function Problem({
  state,
  onRetry,
  retryButton,
}: {
  state: UploadState;
  onRetry(): void;
  retryButton: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('upload');
  const message = useProblemMessage(state.step === 'refused' ? state.problem : null);
  if (state.step === 'failed') {
    return (
      <>
        <p role="alert" className="upload__failure">
          {t('failed')}
        </p>
        <Button ref={retryButton} onClick={onRetry}>
          {t('retry')}
        </Button>
      </>
    );
  }
  if (!message) return null;
  return (
    <p role="alert" className="upload__failure">
      {message}
    </p>
  );
}

function useProblemMessage(problem: UploadProblem | null): string | null {
  const { t } = useTranslation('upload');
  const { t: tCore } = useTranslation();
  if (!problem) return null;
  if (problem.problem === 'refused') return t(`refused.${problem.reason}`);
  if (problem.problem === 'invalid') {
    // The domain's rule as the spec's text, 'Your upload must be under {n}': n in bytes, base 1000.
    const { key, params } = problem.error;
    return tCore(key, { ...params, size: formatBytes(Number(params?.n ?? 0), currentLanguage()) });
  }
  return problem.message ?? tCore('upload.unknownError');
}
