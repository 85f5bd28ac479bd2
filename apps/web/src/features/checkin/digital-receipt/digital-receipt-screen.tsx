import { receiptOf } from '@venue-voice/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../platform/i18n';
import { useGuestSession } from '../../../shared/session/session-store';
import { formatMoney } from '../locale-format';
import { useFinishStep } from '../use-route-decision';

/**
 * /check_in/digital_receipt (G2, G2.44): the guest's order as the till printed it, behind the company's
 * feature flag core.features.digitalReceipt. With the flag off, or no order held, the step is passed over.
 * A detail the till did not send is left out; so is the price column when no line has a price.
 */
export function DigitalReceiptScreen() {
  const { t } = useTranslation('checkin');
  const enabled = useGuestSession((session) => session.config?.core?.features.digitalReceipt ?? false);
  const transaction = useGuestSession((session) => session.transaction);
  const tableNumber = useGuestSession((session) => session.tableNumber);
  const finish = useFinishStep();
  const shown = enabled && transaction !== null;

  useEffect(() => {
    if (!shown) finish();
  }, [shown, finish]);
  if (!shown || !transaction) return null;

  const language = currentLanguage();
  const receipt = receiptOf(transaction, tableNumber);
  const amount = (value: number) => formatMoney(value, language);
  const priced = receipt.lines.some((line) => line.price !== null);
  const details: [string, string][] = [];
  if (receipt.tableNumber) details.push([t('receipt.tableNumber'), receipt.tableNumber]);
  if (receipt.server) details.push([t('receipt.server'), receipt.server]);
  const sums: [string, string][] = [];
  // Shown as taken off, so the lines, the sums and the total add up on the screen.
  if (receipt.discount !== null) sums.push([t('receipt.discount'), amount(-receipt.discount)]);
  if (receipt.serviceCharge !== null) sums.push([t('receipt.serviceCharge'), amount(receipt.serviceCharge)]);

  return (
    <div className="card ck-stack">
      <h1>{t('receipt.title')}</h1>
      {details.length > 0 && (
        <dl className="ck-receipt__details">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <table className="ck-receipt">
        <caption className="visually-hidden">{t('receipt.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receipt.description')}</th>
            {priced && (
              <th scope="col" className="ck-receipt__amount">
                {t('receipt.price')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            // Two identical dishes are two lines of the order: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id of their own.
            <tr key={index}>
              <td>{line.description}</td>
              {priced && (
                <td className="ck-receipt__amount">{line.price === null ? '' : amount(line.price)}</td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {sums.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="ck-receipt__amount">{value}</td>
            </tr>
          ))}
          <tr className="ck-receipt__total">
            <th scope="row">{t('receipt.total')}</th>
            <td className="ck-receipt__amount">{amount(receipt.total)}</td>
          </tr>
        </tfoot>
      </table>
      <button type="button" className="button ck-button--wide" onClick={() => finish()}>
        {t('actions.continue')}
      </button>
    </div>
  );
}
