import { Button, Field, Flex, Input } from '@chakra-ui/react';

type Draft = { user: string; from: string; to: string };
type Props = {
  draft: Draft;
  set: (key: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement>) => void;
  onClear: () => void;
};

/** The end every admin filter form shares (the history's, the event browser's): user, from/to, 'Filtrera' and 'Rensa'. */
export function UserDatesAndButtons({ draft, set, onClear }: Props) {
  return (
    <>
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
        <Button type="button" variant="ghost" onClick={onClear}>
          Rensa
        </Button>
      </Flex>
    </>
  );
}
