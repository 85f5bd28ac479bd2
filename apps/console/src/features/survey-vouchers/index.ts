export { VoucherPoolsPanel } from './voucher-pools-panel';
