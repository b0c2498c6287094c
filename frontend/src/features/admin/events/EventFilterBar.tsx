import { Button, Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { EVENT_NAMES } from '@mello/contracts';
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
      <Field.Root w={{ base: 'full', sm: '64' }}>
        <Field.Label>Användare</Field.Label>
        <Input value={draft.user} onChange={set('user')} placeholder="E-post eller id" spellCheck={false} />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label>Från</Field.Label>
        <Input type="date" value={draft.from} onChange={set('from')} />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label>Till</Field.Label>
        <Input type="date" value={draft.to} onChange={set('to')} />
      </Field.Root>
      <Flex gap="2">
        <Button type="submit" colorPalette="gold">
          Filtrera
        </Button>
        <Button type="button" variant="ghost" onClick={() => apply(NO_EVENT_FILTERS)}>
          Rensa
        </Button>
      </Flex>
    </Flex>
  );
}
