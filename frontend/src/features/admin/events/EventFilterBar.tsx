import { Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { EVENT_NAMES } from '@mello/contracts';
import { UserDatesAndButtons } from '../components/UserDatesAndButtons';
import { useFilterDraft } from '../use-filter-draft';
import { NO_EVENT_FILTERS, type EventFilters } from './events-api';

type Props = { filters: EventFilters; onApply: (filters: EventFilters) => void };

/** The event browser's filters: stream, type (from the event registry), user (id or e-mail), from/to; 'Filtrera' applies. */
export function EventFilterBar({ filters, onApply }: Props) {
  const { draft, set, apply, submit } = useFilterDraft(filters, onApply);

  return (
    <Flex as="form" aria-label="Filtrera händelserna" gap="4" wrap="wrap" align="flex-end" onSubmit={submit}>
      <Field.Root w={{ base: 'full', md: '80' }}>
        <Field.Label>Ström</Field.Label>
        <Input value={draft.stream} onChange={set('stream')} placeholder="t.ex. year-…" spellCheck={false} />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '56' }}>
        <Field.Label>Händelsetyp</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={draft.type} onChange={set('type')}>
            <option value="">Alla</option>
            {EVENT_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <UserDatesAndButtons draft={draft} set={set} onClear={() => apply(NO_EVENT_FILTERS)} />
    </Flex>
  );
}
