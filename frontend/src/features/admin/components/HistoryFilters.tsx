import { Field, Flex, NativeSelect } from '@chakra-ui/react';
import { AUDIT_KINDS } from '@mello/contracts';
import { kindLabel } from '../audit-labels';
import type { AuditFilters } from '../audit-api';
import { UserDatesAndButtons } from './UserDatesAndButtons';
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
      <UserDatesAndButtons draft={draft} set={set} onClear={() => apply(NO_FILTERS)} />
    </Flex>
  );
}
