import { useId, useState, type FormEvent } from 'react';
import { SUPPORT_MESSAGES, supportTicketBodySchema, type SupportTicketBody, type SupportTicketField } from '@parallels/contract/support';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useCreateTicket } from '../api/create-ticket';
import { useDepartments } from '../api/get-departments';

type Form = Required<{ [K in SupportTicketField]: string }>;
type Errors = Partial<Record<SupportTicketField, string>>;

export interface TicketDefaults {
  brand: string;
  firstName: string;
  email: string;
}

const empty = (d: TicketDefaults): Form => ({ subject: '', brand: d.brand, departmentId: '', description: '', firstName: d.firstName, lastName: '', email: d.email });

/** The first message per field, from the contract's schema (the server checks the same one). */
function validate(form: Form): Errors | undefined {
  const parsed = supportTicketBodySchema.safeParse(form);
  if (parsed.success) return undefined;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as SupportTicketField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Spec core.md sections 2 and 5: the support ticket modal; each field's error clears when it is edited. */
export function SupportTicketModal({ open, onClose, defaults }: { open: boolean; onClose: () => void; defaults: TicketDefaults }) {
  return (
    <Dialog open={open} onClose={onClose} title="Raise a support ticket" className="max-w-xl">
      {/* remounted on every opening, so a new ticket starts from the defaults */}
      {open && <TicketForm onDone={onClose} defaults={defaults} />}
    </Dialog>
  );
}

function TicketForm({ onDone, defaults }: { onDone: () => void; defaults: TicketDefaults }) {
  const [form, setForm] = useState<Form>(() => empty(defaults));
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  const departments = useDepartments(true);
  const create = useCreateTicket();
  const { toast } = useToast();
  const departmentId = useId();
  const descriptionId = useId();

  const set = (field: SupportTicketField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    if (found) return setErrors(found);
    setFailed(false);
    const body: SupportTicketBody = { ...form, lastName: form.lastName.trim() || undefined };
    try {
      const result = await create.mutateAsync(body);
      toast({
        title: 'Ticket submitted',
        description: result.status === 'sent' ? `Ticket #${result.ticketNumber ?? ''} is with our support team.` : 'We will pass it to our support team as soon as the help desk answers.',
      });
      onDone();
    } catch {
      setFailed(true);
    }
  };

  const fieldError = (f: SupportTicketField) => errors[f];
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
      <TextField className="sm:col-span-2" label="Subject" value={form.subject} onChange={(e) => set('subject')(e.target.value)} error={fieldError('subject')} />
      <TextField label="Brand name" value={form.brand} onChange={(e) => set('brand')(e.target.value)} error={fieldError('brand')} />
      <div>
        <label htmlFor={departmentId} className="mb-1 block text-sm font-medium text-slate-700">
          Department
        </label>
        <select
          id={departmentId}
          value={form.departmentId}
          onChange={(e) => set('departmentId')(e.target.value)}
          aria-invalid={fieldError('departmentId') ? true : undefined}
          aria-describedby={fieldError('departmentId') ? `${departmentId}-error` : undefined}
          className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 ${fieldError('departmentId') ? 'border-red-500 focus:ring-red-200' : 'border-slate-300 focus:ring-brand-100'}`}
        >
          <option value="">{departments.isPending ? 'Loading departments…' : 'Select a department'}</option>
          {departments.data?.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
        {fieldError('departmentId') && (
          <p id={`${departmentId}-error`} className="mt-1 text-sm text-red-600">
            {fieldError('departmentId')}
          </p>
        )}
        {departments.isError && <p className="mt-1 text-xs text-slate-500">{departments.error.message}</p>}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          value={form.description}
          onChange={(e) => set('description')(e.target.value)}
          aria-invalid={fieldError('description') ? true : undefined}
          aria-describedby={fieldError('description') ? `${descriptionId}-error` : undefined}
          className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 ${fieldError('description') ? 'border-red-500 focus:ring-red-200' : 'border-slate-300 focus:ring-brand-100'}`}
        />
        {fieldError('description') && (
          <p id={`${descriptionId}-error`} className="mt-1 text-sm text-red-600">
            {fieldError('description')}
          </p>
        )}
      </div>
      <TextField label="First name" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} error={fieldError('firstName')} />
      <TextField label="Last name (optional)" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} error={fieldError('lastName')} />
      <TextField className="sm:col-span-2" type="email" label="Email" value={form.email} onChange={(e) => set('email')(e.target.value)} error={fieldError('email')} />
      {failed && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-2">
          {SUPPORT_MESSAGES.submitFailed}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Submit ticket
        </Button>
      </div>
    </form>
  );
}
