import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { browserPhotoTools } from '../../shared/photo/browser-photo-tools';
import { PhotoPicker } from '../../shared/photo/photo-picker';
import { formatBytes } from '../../shared/photo/photo-problem';
import { type PhotoProblem, type PhotoTools, preparePhoto } from '../../shared/photo/prepare-photo';
import { Button } from '../../ui/button';

/** The photo the form will send: none chosen (keep the saved one), a new one, or delete the saved one. */
export type PhotoChange = { kind: 'keep' } | { kind: 'new'; image: File } | { kind: 'delete' };

export interface MemberPhotoProps {
  savedUrl: string | null;
  change: PhotoChange;
  disabled: boolean;
  onChange(change: PhotoChange): void;
  /** The guest upload's preparation (HEIC converted, large photos scaled); tests pass their own tools. */
  tools?: PhotoTools;
}

/** A local preview of a chosen photo, revoked when it changes. */
function usePreview(image: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image || typeof URL.createObjectURL !== 'function') return setUrl(null);
    const next = URL.createObjectURL(image);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image]);
  return url;
}

/** Take photo, upload file and delete photo of the team member form (D2, D5 photo rules). */
export function MemberPhoto({
  savedUrl,
  change,
  disabled,
  onChange,
  tools = browserPhotoTools,
}: MemberPhotoProps) {
  const { t } = useTranslation('team');
  const { t: tUpload } = useTranslation('upload');
  const { t: tCore } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const preview = usePreview(change.kind === 'new' ? change.image : null);
  const shown = change.kind === 'new' ? preview : change.kind === 'keep' ? savedUrl : null;
  const hasPhoto = change.kind === 'new' || (change.kind === 'keep' && savedUrl !== null);

  const choose = async (file: File) => {
    setPreparing(true);
    setProblem(null);
    const result = await preparePhoto(file, tools);
    setPreparing(false);
    if (!result.ok) return setProblem(result);
    onChange({ kind: 'new', image: new File([result.blob], result.fileName, { type: result.blob.type }) });
  };
  const problemText = !problem
    ? null
    : problem.problem === 'refused'
      ? tUpload(`refused.${problem.reason}`)
      : tCore(problem.error.key, {
          ...problem.error.params,
          size: formatBytes(Number(problem.error.params?.n ?? 0), currentLanguage()),
        });

  return (
    <fieldset className="field team__photo">
      <legend className="field__label">{t('photo.label')}</legend>
      {shown ? (
        <img className="team__avatar team__avatar--large" src={shown} alt={t('photo.alt')} />
      ) : (
        hasPhoto && <p>{t('photo.chosen')}</p>
      )}
      {preparing && <p role="status">{t('photo.preparing')}</p>}
      {problemText && (
        <p role="alert" className="device__error">
          {problemText}
        </p>
      )}
      <div className="team__actions">
        <PhotoPicker
          label={t('photo.take')}
          capture="environment"
          variant="secondary"
          disabled={disabled || preparing}
          onChoose={(file) => void choose(file)}
        />
        <PhotoPicker
          label={t('photo.upload')}
          variant="secondary"
          disabled={disabled || preparing}
          onChoose={(file) => void choose(file)}
        />
        {hasPhoto && (
          <Button
            variant="secondary"
            disabled={disabled || preparing}
            onClick={() => onChange(savedUrl ? { kind: 'delete' } : { kind: 'keep' })}
          >
            {t('photo.delete')}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
