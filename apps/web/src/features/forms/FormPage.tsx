import { FillForm } from './FillFormPage';

export default function FormPage() {
  return <FillForm support={false} />;
}
