import { LookupForm } from './lookup-form';

/** /check_in/guest_receipt_pin_entry (G2, G8 PIN results). */
export function PinEntryScreen() {
  return <LookupForm kind="pin" />;
}

/** /check_in/guest_table_number_entry (G2, G5 table number, G8 results in table wording). */
export function TableNumberEntryScreen() {
  return <LookupForm kind="table" />;
}
