import { Alert, Anchor, List } from '@mantine/core';
import type { EditorFault, SurveyDocument } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { editorFaultText, type Part, partOf } from './editor-faults';

/** At most this many faults are listed; the count says how many there are. */
const LISTED = 30;

/**
 * Every fault that stops a publish (O15.24), each a link that opens the part holding its field. Drawn
 * from the deferred faults, so it never slows typing.
 */
export const FaultsSummary = memo(function FaultsSummary({
  faults,
  document,
  onSelect,
}: {
  faults: readonly EditorFault[];
  document: SurveyDocument;
  onSelect(part: Part, path: string): void;
}) {
  const { t } = useTranslation();
  if (faults.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={t('surveyEditor.faults.title', { count: faults.length })}
      role="region"
    >
      <List size="sm" spacing={2}>
        {faults.slice(0, LISTED).map((fault, n) => (
          <List.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
            key={`${fault.path}-${fault.key}-${n}`}
          >
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onSelect(partOf(fault.path, document), fault.path)}
            >
              {placeOf(fault.path, document, t)}
            </Anchor>
            {': '}
            {editorFaultText(fault, t)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
});

/** Where a fault is: its part, or the question by its number in the document. */
function placeOf(path: string, document: SurveyDocument, t: TFunction): string {
  const part = partOf(path, document);
  if (part.startsWith('q:')) return t('surveyEditor.faults.question', { n: Number(path.split('.')[1]) + 1 });
  return t(`surveyEditor.parts.${part}`);
}
