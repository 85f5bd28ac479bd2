import { defaultSurveyConfirmation, type SurveyPickMode, surveyChoices } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

type SurveyName = { templateId: number; name: string };

export interface SurveyChooserProps {
  open: boolean;
  mode: SurveyPickMode;
  surveys: readonly SurveyName[];
  logoUrl: string | null;
  onPick(templateId: number): void;
  onClose(): void;
}

/** D2 "Select survey screen": the survey names; in default mode also 'no default' (id 0) with the logo. */
export function SurveyChooser({ open, mode, surveys, logoUrl, onPick, onClose }: SurveyChooserProps) {
  const { t } = useTranslation('device');
  return (
    <Modal
      open={open}
      title={mode === 'default' ? t('chooser.defaultTitle') : t('chooser.selectTitle')}
      closeLabel={t('common.close')}
      onRequestClose={onClose}
    >
      {/* The staff home's survey tiles (staff.css), smaller: a tap on the name picks it. */}
      <ul className="staff__tiles device__choices">
        {surveyChoices(surveys, mode).map((choice) => (
          <li key={choice.id}>
            <button type="button" className="staff__tile device__choice" onClick={() => onPick(choice.id)}>
              <span className="staff__tile-name">
                {choice.noDefault ? t('chooser.noDefault') : choice.name}
              </span>
              {choice.noDefault && logoUrl ? (
                <img src={logoUrl} alt="" className="device__logo" />
              ) : (
                <span className="staff__tile-go" aria-hidden="true">
                  →
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

export interface DefaultConfirmationProps {
  open: boolean;
  surveys: readonly SurveyName[];
  defaultTemplate: number;
  onOk(): void;
  onChooseAgain(): void;
}

/** D2.11: the chosen default survey's name, or 'no default survey exists'; OK or select another. */
export function DefaultConfirmation({
  open,
  surveys,
  defaultTemplate,
  onOk,
  onChooseAgain,
}: DefaultConfirmationProps) {
  const { t } = useTranslation('device');
  const name = defaultSurveyConfirmation(surveys, defaultTemplate);
  return (
    <Modal
      open={open}
      title={t('chooser.confirmTitle')}
      closeLabel={t('common.close')}
      onRequestClose={onOk}
      footer={
        <>
          <Button variant="secondary" onClick={onChooseAgain}>
            {t('chooser.another')}
          </Button>
          <Button onClick={onOk}>{t('common.ok')}</Button>
        </>
      }
    >
      <p>{name === null ? t('chooser.none') : t('chooser.chosen', { name })}</p>
    </Modal>
  );
}
