import { SimpleGrid } from '@mantine/core';
import { VoucherType } from '@venue-voice/domain';
import { useParams } from 'react-router';
import { VoucherPoolsPanel } from '../../survey-vouchers';
import { nextId } from '../document-edit';
import { AddButton, enumOptions, ItemCard, NumberField, PartForm, SelectField, TextField } from '../fields';
import { usePart, useSurveyField } from './use-part';

/** Vouchers (G3): an incentive for everyone, or an instant win with a chance of 1 in n (O15.11). */
export function VouchersForm() {
  const { t, s: v, editable } = usePart('vouchers');
  const [vouchers, setVouchers] = useSurveyField('vouchers');
  // The pools belong to the published vouchers: codes are imported into what guests can be given now.
  const surveyId = Number(useParams().id);
  return (
    <PartForm title={t('surveyEditor.parts.vouchers')} intro={v('intro')}>
      {vouchers.map((voucher, index) => {
        const at = `survey.vouchers.${index}`;
        return (
          <ItemCard
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
            key={`${voucher.id}-${index}`}
            title={voucher.name || v('unnamed', { id: voucher.id })}
            path={`${at}.id`}
            onRemove={() => setVouchers((list) => list.filter((_, n) => n !== index))}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField
                path={`${at}.type`}
                label={v('type')}
                options={enumOptions(VoucherType, (name) => v(`types.${name}`))}
              />
              <TextField path={`${at}.name`} label={v('name')} />
              <TextField path={`${at}.description`} label={v('description')} />
              <NumberField
                path={`${at}.chance`}
                label={v('chance')}
                description={v('chanceHint')}
                nullable
                min={1}
              />
              <NumberField
                path={`${at}.expiryDays`}
                label={v('expiryDays')}
                description={v('expiryHint')}
                nullable
                min={1}
              />
            </SimpleGrid>
          </ItemCard>
        );
      })}
      <AddButton
        label={v('add')}
        onClick={() =>
          setVouchers((list) => [
            ...list,
            {
              id: nextId(list),
              type: VoucherType.INCENTIVE,
              name: '',
              description: '',
              chance: null,
              expiryDays: 30,
            },
          ])
        }
      />
      {Number.isInteger(surveyId) && surveyId > 0 && (
        <VoucherPoolsPanel surveyId={surveyId} editable={editable} />
      )}
    </PartForm>
  );
}
