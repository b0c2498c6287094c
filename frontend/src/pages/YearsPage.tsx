import { PageContainer } from '../components/PageContainer';

export default function YearsPage() {
  return <PageContainer>Years</PageContainer>;
}
