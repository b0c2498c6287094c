import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { pageMeta } from '@mello/contracts';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageContainer } from '../components/PageContainer';
import { usePageMeta } from '../seo/use-page-meta';

/** Any unknown path. The spec keeps this one page's heading in English: 'Page Not Found'. */
export default function NotFoundPage() {
  usePageMeta(pageMeta.notFound(useLocation().pathname));
  return (
    <PageContainer>
      <Stack align="center" textAlign="center" gap="5" py={{ base: '12', md: '20' }}>
        <Text fontFamily="heading" fontWeight="900" fontSize={{ base: '6xl', md: '8xl' }} lineHeight="1" color="brand.fg" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted" maxW="md">
          Sidan du letar efter finns inte eller har flyttats.
        </Text>
        <Button asChild colorPalette="gold" size="lg">
          <RouterLink to="/">Till startsidan</RouterLink>
        </Button>
      </Stack>
    </PageContainer>
  );
}
