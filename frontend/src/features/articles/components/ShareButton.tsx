import { Button } from '@chakra-ui/react';
import { LuShare2 } from 'react-icons/lu';
import { showToast } from '../../../components/toaster';
import { browserShareCapabilities, shareLink } from '../share-link';

/** 'Dela' (product decision 6): the share sheet where there is one, otherwise the link is copied and we say so. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const share = async () => {
    const url = window.location.href;
    const outcome = await shareLink({ title, text, url }, browserShareCapabilities());
    if (outcome === 'copied') {
      showToast({ title: 'Länken kopierad!', description: 'Länken till artikeln finns nu i urklipp.', type: 'success' });
    } else if (outcome === 'failed') {
      showToast({ title: 'Fel', description: `Kunde inte dela länken. Kopiera den här: ${url}`, type: 'error' });
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void share()}>
      <LuShare2 aria-hidden />
      Dela
    </Button>
  );
}
