/** Numbers for the guest in their language, with Intl (G9: money in GBP with 2 decimals, distances). */
import { CURRENCY_DECIMALS, DEFAULT_CURRENCY, type Language } from '@venue-voice/domain';

/** The BCP 47 tag Intl takes for one of the spec's language codes ('en-gb' → 'en-GB'). */
export const localeOf = (language: Language): string => Intl.getCanonicalLocales(language)[0] ?? 'en-GB';

/** G9: prices in GBP, shown as euro to Spanish readers; always two decimals. */
export const currencyOf = (language: Language): string => (language === 'es' ? 'EUR' : DEFAULT_CURRENCY);

export function formatMoney(amount: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: currencyOf(language),
    minimumFractionDigits: CURRENCY_DECIMALS,
    maximumFractionDigits: CURRENCY_DECIMALS,
  }).format(amount);
}

const METRES_PER_MILE = 1609.344;

/** Road signs in the UK count miles; the other languages' readers think in kilometres. */
export const distanceUnitOf = (language: Language): 'mile' | 'kilometer' =>
  language === 'en-gb' ? 'mile' : 'kilometer';

/** A distance in metres as "1.2 mi" / "1,9 km": one decimal when short, whole units when far. */
export function formatDistance(metres: number, language: Language): string {
  const unit = distanceUnitOf(language);
  const value = unit === 'mile' ? metres / METRES_PER_MILE : metres / 1000;
  return new Intl.NumberFormat(localeOf(language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
