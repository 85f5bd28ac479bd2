import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleRouteDeps } from '../shared';
import { voucherPoolsAddRoute } from './voucher-pools.add';
import { voucherPoolsListRoute } from './voucher-pools.list';

/** Voucher code pools of a survey (issue 31 item 1: "code pools with import of codes"). */
export const voucherPoolsRoutes: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  await app.register(voucherPoolsListRoute, deps);
  await app.register(voucherPoolsAddRoute, deps);
};
