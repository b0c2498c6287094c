import { PageContainer } from '../components/PageContainer';

export default function AboutPage() {
  return <PageContainer>About</PageContainer>;
}
