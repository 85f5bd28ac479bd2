import { VOUCHER_OFFER_HEADER } from '@venue-voice/domain';
import type { FastifyRequest } from 'fastify';
import type { CreateCall } from '../../services/responses/create-response';

/** A header's first value, trimmed; undefined when absent or blank. */
function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * The create's caller as plain data, read off the request: its context, address and logger, and the
 * template and voucher offer it names (X-Template-Id and X-Voucher-Offer, or a queued batch item's own).
 */
export function createCall(
  request: FastifyRequest,
  item?: { templateId: number; offerVoucher?: boolean | undefined },
): CreateCall {
  return {
    ctx: request.ctx,
    address: request.ip,
    log: request.log,
    template: item ? String(item.templateId) : headerText(request, 'x-template-id'),
    offerVoucher: item ? item.offerVoucher === true : headerText(request, VOUCHER_OFFER_HEADER) === '1',
  };
}
