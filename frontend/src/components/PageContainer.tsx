import { Container, type ContainerProps } from '@chakra-ui/react';

/** The page width and vertical rhythm every screen shares. */
export function PageContainer(props: ContainerProps) {
  return <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }} {...props} />;
}
