import { useState } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { LuUndo2 } from 'react-icons/lu';

type Props = { number: number; pending: boolean; onConfirm: () => void };

/** 'Återställ': asks first, then brings that version back as a new event ('Återställer...' while pending). */
export function RestoreButton({ number, pending, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => setOpen(details.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="purple" disabled={pending}>
          <LuUndo2 aria-hidden />
          {pending ? 'Återställer...' : 'Återställ'}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Återställ version</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                Vill du återställa versionen efter händelse {number}? Ändringen sparas som en ny händelse; historiken skrivs aldrig om.
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Avbryt</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="purple"
                onClick={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                Återställ
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
