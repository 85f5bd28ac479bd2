import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../platform/i18n';
import { useGuestSession } from '../../../shared/session/session-store';
import { formatMoney } from '../locale-format';
import { useFinishStep } from '../use-route-decision';
import { receiptOf } from './receipt';

/**
 * /check_in/digital_receipt (G2): the guest's order, behind the company's feature flag
 * core.features.digitalReceipt. With the flag off, or no order held, the step is passed over.
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
  const summary: [string, string][] = [];
  if (receipt.discount !== null) summary.push([t('receipt.discount'), amount(receipt.discount)]);
  if (receipt.serviceCharge !== null)
    summary.push([t('receipt.serviceCharge'), amount(receipt.serviceCharge)]);
  if (receipt.server) summary.push([t('receipt.server'), receipt.server]);
  if (receipt.tableNumber) summary.push([t('receipt.tableNumber'), receipt.tableNumber]);

  return (
    <div className="card ck-stack">
      <h1>{t('receipt.title')}</h1>
      <table className="ck-receipt">
        <caption className="visually-hidden">{t('receipt.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receipt.description')}</th>
            <th scope="col" className="ck-receipt__amount">
              {t('receipt.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            // Two identical dishes are two lines of the order: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id of their own.
            <tr key={index}>
              <td>{line.description}</td>
              <td className="ck-receipt__amount">{line.price === null ? '' : amount(line.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {summary.map(([label, value]) => (
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
