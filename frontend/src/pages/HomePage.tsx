import { PageContainer } from '../components/PageContainer';

export default function HomePage() {
  return <PageContainer>Home</PageContainer>;
}
