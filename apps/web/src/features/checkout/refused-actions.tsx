import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import type { Submission } from './use-submission';

/**
 * A create the server refused for good (G8): what went wrong, and always a way on (decision 0174). A
 * receipt another response already rates (409 10031) can be left out and the feedback sent without it;
 * any refusal can be finished, leaving the feedback unsent.
 */
export function RefusedActions({ submission }: { submission: Extract<Submission, { state: 'refused' }> }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('checkout');
  return (
    <>
      <p role="alert" className="checkout__failure">
        {submission.receiptUsed ? tc('refused.receiptUsed') : (submission.message ?? t('api.responseError'))}
      </p>
      <div className="contact__actions">
        {submission.sendWithoutReceipt && (
          <Button onClick={submission.sendWithoutReceipt}>{tc('refused.sendWithoutReceipt')}</Button>
        )}
        <Button variant="secondary" onClick={submission.finish}>
          {tc('refused.finish')}
        </Button>
      </div>
    </>
  );
}
