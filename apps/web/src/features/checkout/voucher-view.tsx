import type { IssuedVoucher } from '@venue-voice/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScratchCard } from './scratch-card';

/** The prize; `focus` moves the focus to it (after Reveal, whose button then goes away). */
function VoucherDetails({ voucher, focus = false }: { voucher: IssuedVoucher; focus?: boolean }) {
  const { t } = useTranslation('checkout');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) box.current?.focus();
  }, [focus]);
  return (
    <div ref={box} className="voucher__details" tabIndex={-1}>
      <p className="voucher__name">{voucher.name}</p>
      {voucher.description && <p className="voucher__description">{voucher.description}</p>}
      <p className="voucher__code">
        {t('voucher.code')} <strong>{voucher.code}</strong>
      </p>
    </div>
  );
}

/**
 * The voucher the server issued with the response (G4.60–G4.62: it has already drawn which one and
 * whether it starts scratched, with the domain's chooseVoucher). Already scratched: shown as it is;
 * otherwise under a scratch card.
 */
export function VoucherView({ voucher, onScratched }: { voucher: IssuedVoucher; onScratched: () => void }) {
  const { t } = useTranslation('checkout');
  // Only a card the guest scratched here takes the focus; one shown already scratched does not.
  const [startedCovered] = useState(!voucher.scratched);
  return (
    <section className="voucher" aria-labelledby="voucher-heading">
      <h2 id="voucher-heading" className="voucher__heading">
        {t('voucher.heading')}
      </h2>
      {voucher.scratched ? (
        <VoucherDetails voucher={voucher} focus={startedCovered} />
      ) : (
        <>
          <p>{t('voucher.scratchHint')}</p>
          <ScratchCard
            labels={{ card: t('voucher.card'), cover: t('voucher.cover'), reveal: t('voucher.reveal') }}
            onReveal={onScratched}
          >
            <VoucherDetails voucher={voucher} />
          </ScratchCard>
        </>
      )}
    </section>
  );
}
