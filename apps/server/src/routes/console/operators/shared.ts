import { dataEnvelope, operatorListItemSchema } from '@venue-voice/domain';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';

export const operatorParams = z.object({ id: idPathParam() });
export const operatorAnswer = dataEnvelope(z.object({ operator: operatorListItemSchema }));
