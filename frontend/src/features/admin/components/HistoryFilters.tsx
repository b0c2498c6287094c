import { Button, Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { AUDIT_KINDS } from '@mello/contracts';
import { kindLabel } from '../audit-labels';
import type { AuditFilters } from '../audit-api';
import { useFilterDraft } from '../use-filter-draft';

type Props = { filters: AuditFilters; onApply: (filters: AuditFilters) => void };

export const NO_FILTERS: AuditFilters = { kind: 'all', user: '', from: '', to: '' };

/** The site-wide log's filters: kind of item, user (e-mail or id) and a date range; applied with 'Filtrera'. */
export function HistoryFilters({ filters, onApply }: Props) {
  const { draft, set, apply, submit } = useFilterDraft(filters, onApply);

  return (
    <Flex as="form" aria-label="Filtrera historiken" gap="4" wrap="wrap" align="flex-end" onSubmit={submit}>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label>Typ</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={draft.kind} onChange={set('kind')}>
            <option value="all">Alla</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '64' }}>
        <Field.Label>Användare</Field.Label>
        <Input value={draft.user} onChange={set('user')} placeholder="E-post eller id" />
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
        <Button type="button" variant="ghost" onClick={() => apply(NO_FILTERS)}>
          Rensa
        </Button>
      </Flex>
    </Flex>
  );
}
