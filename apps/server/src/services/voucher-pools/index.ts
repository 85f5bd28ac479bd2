export { type AddCodesInput, addVoucherCodes, type VoucherPool, voucherPools } from './pools';
