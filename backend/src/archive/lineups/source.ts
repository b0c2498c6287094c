import { DOCUMENT_EVENTS, type SourceFields } from '@mello/contracts';
import { createDocumentDecider } from '../document-decider';

export const SOURCE_NOT_FOUND = 'Källan hittades inte';

export const sourceStream = (id: string) => `source-${id}`;

/** A source entries cite by key: the key is unique and never changes; its description can be corrected. */
export const sourceDecider = createDocumentDecider<SourceFields>({
  names: DOCUMENT_EVENTS.source,
  notFoundMessage: SOURCE_NOT_FOUND,
  alreadyExistsMessage: 'Källan finns redan',
});

export const sourceKeyReservation = (fields: Pick<SourceFields, 'key'>) => `source-key-${fields.key}`;
export const sourceKeyTakenMessage = (fields: Pick<SourceFields, 'key'>) => `Källnyckeln "${fields.key}" finns redan`;
