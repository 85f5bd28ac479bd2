/**
 * The settings' "needs attention" list (architecture: the offline queue never drops a response; D4.33):
 * the responses whose requests the server refused, or that cannot be sent, one row per response with
 * when it was set aside, the server's status and code, and why. Staff can only put a response back in
 * the queue ("Try again"); nothing is ever deleted here (decision 0149).
 */
import { type AttentionItem, ERRORS, isErrorCode } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useTimeText } from './time-text';

/** One response's set-aside requests, and the one its row describes. */
export type AttentionGroup = { response: string; items: AttentionItem[]; shown: AttentionItem };

/**
 * Groups by response in send order (lowest offlineID first). A row describes the request the server
 * refused (the one with a status) when there is one: the others of its response only wait on it.
 */
export function groupAttention(attention: readonly AttentionItem[]): AttentionGroup[] {
  const byResponse = new Map<string, AttentionItem[]>();
  for (const item of [...attention].sort((a, b) => a.offlineID - b.offlineID))
    byResponse.set(item.response, [...(byResponse.get(item.response) ?? []), item]);
  return [...byResponse].map(([response, items]) => ({
    response,
    items,
    shown: items.find((item) => item.status !== null) ?? (items[0] as AttentionItem),
  }));
}

function AttentionRow({ group, onRetry }: { group: AttentionGroup; onRetry(response: string): void }) {
  const { t } = useTranslation('device');
  const timeText = useTimeText();
  const { shown } = group;
  // The device's own text for a code; the domain catalogue's (English) message for any it lacks.
  const codeText =
    shown.code !== null && isErrorCode(shown.code)
      ? t(`attention.codes.${shown.code}`, { defaultValue: ERRORS[shown.code].message })
      : null;
  const answer =
    shown.status === null
      ? t('attention.notSent')
      : shown.code === null
        ? t('attention.status', { status: shown.status })
        : t('attention.statusCode', { status: shown.status, code: shown.code });
  return (
    <li className="device__attention-row">
      <p>
        <strong>{t('attention.setAside', { time: timeText(shown.at) })}</strong>
      </p>
      <p>{t(`attention.reason.${shown.reason}`)}</p>
      <p>{codeText ? `${answer}: ${codeText}` : answer}</p>
      {group.items.length > 1 && <p>{t('attention.requests', { count: group.items.length })}</p>}
      <Button variant="secondary" onClick={() => onRetry(group.response)}>
        {t('attention.retry')}
      </Button>
    </li>
  );
}

/** The list in its own dialog over the settings. */
export function AttentionModal({
  open,
  groups,
  onRetry,
  onClose,
}: {
  open: boolean;
  groups: readonly AttentionGroup[];
  onRetry(response: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('device');
  return (
    <Modal
      open={open}
      title={t('attention.title')}
      description={t('attention.intro')}
      closeLabel={t('common.close')}
      onRequestClose={onClose}
    >
      <ul className="device__attention" aria-label={t('attention.title')}>
        {groups.map((group) => (
          <AttentionRow key={group.response} group={group} onRetry={onRetry} />
        ))}
      </ul>
    </Modal>
  );
}
