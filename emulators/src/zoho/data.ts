import { createRng } from '../common/rng.js';
import type { World, ZohoOrg } from '../common/world.js';

// Organizations, departments, contacts and the tickets created through the API, per org.

export interface Contact { id: string; firstName: string | null; lastName: string; email: string | null; phone: string | null }

export interface Ticket {
  id: string;
  ticketNumber: string;
  subject: string;
  description: string | null;
  departmentId: string;
  contactId: string;
  email: string | null;
  phone: string | null;
  status: string;
  statusType: string;
  priority: string | null;
  channel: string;
  category: string | null;
  subCategory: string | null;
  classification: string | null;
  dueDate: string | null;
  createdTime: string;
  modifiedTime: string;
  cf: Record<string, unknown>;
}

interface OrgState { contacts: Contact[]; tickets: Ticket[]; nextTicket: number; nextId: number }

const SEED_CONTACTS: Array<[string, string, string]> = [
  ['Aarav', 'Sharma', 'aarav.sharma@example.com'],
  ['Meera', 'Iyer', 'meera.iyer@example.com'],
  ['Jordan', 'Blake', 'jordan.blake@example.com'],
];

export class ZohoData {
  private readonly orgs = new Map<string, OrgState>();

  constructor(private readonly world: World) {}

  org(id: string | undefined): ZohoOrg | undefined {
    return this.world.zoho.orgs.find((o) => o.id === id);
  }

  user(id: string): World['zoho']['users'][number] | undefined {
    return this.world.zoho.users.find((u) => u.id === id);
  }

  private state(orgId: string): OrgState {
    let s = this.orgs.get(orgId);
    if (!s) {
      const prefix = this.idPrefix(orgId);
      s = {
        contacts: SEED_CONTACTS.map(([firstName, lastName, email], i) => ({ id: `${prefix}${String(42_032 + i * 7).padStart(10, '0')}`, firstName, lastName, email, phone: null })),
        tickets: [],
        nextTicket: 101,
        nextId: 93_001,
      };
      this.orgs.set(orgId, s);
    }
    return s;
  }

  /** Desk ids share a per-portal prefix, e.g. 1142108000000006907 */
  idPrefix(orgId: string): string {
    const dept = this.org(orgId)?.departments[0]?.id ?? '1142108000000000000';
    return dept.slice(0, 9);
  }

  portalName(org: ZohoOrg): string {
    return org.name.toLowerCase().replace(/[^a-z0-9]/g, '');
  }

  organization(org: ZohoOrg, isDefault: boolean): Record<string, unknown> {
    const portal = this.portalName(org);
    return {
      id: org.id, companyName: org.name, portalName: portal, alias: null, isDefault, edition: 'PROFESSIONAL',
      description: null, employeeCount: '10', phoneNumber: null, mobile: null, faxNumber: null, website: null,
      primaryContact: this.world.zoho.users.find((u) => u.orgIds.includes(org.id))?.email ?? null,
      portalURL: `https://desk.zoho.com/portal/${portal}`, logoURL: null, currencyLocale: 'IN', currencyCode: 'INR',
      timeZone: 'Asia/Kolkata', city: 'Bengaluru', state: 'Karnataka', country: 'India', street: null, zip: null,
      isAdminInOrg: true, isPayloadEncryptionEnabled: false,
    };
  }

  departments(org: ZohoOrg): Array<Record<string, unknown>> {
    const creator = this.world.zoho.users.find((u) => u.orgIds.includes(org.id))?.id ?? null;
    return org.departments.map((d, i) => {
      const rng = createRng(this.world.seed, 'zoho-department', d.id);
      const created = Date.UTC(2025, 0, 1) + rng.int(0, 120) * 86_400_000 + rng.int(0, 86_399) * 1000;
      return {
        id: d.id, name: d.name, description: null, isEnabled: true, isDefault: i === 0, creatorId: creator,
        createdTime: new Date(created).toISOString(), hasLogo: false, isAssignToTeamEnabled: false,
        nameInCustomerPortal: d.name, isVisibleInCustomerPortal: true,
        sanitizedName: d.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), chatStatus: 'AVAILABLE',
      };
    });
  }

  contacts(orgId: string): Contact[] {
    return this.state(orgId).contacts;
  }

  findOrCreateContact(orgId: string, c: { firstName?: string; lastName?: string; email?: string; phone?: string }): Contact {
    const s = this.state(orgId);
    const existing = c.email ? s.contacts.find((x) => x.email?.toLowerCase() === c.email?.toLowerCase()) : undefined;
    if (existing) return existing;
    const contact: Contact = { id: this.nextId(orgId), firstName: c.firstName ?? null, lastName: c.lastName ?? '', email: c.email ?? null, phone: c.phone ?? null };
    s.contacts.push(contact);
    return contact;
  }

  nextId(orgId: string): string {
    const s = this.state(orgId);
    const id = `${this.idPrefix(orgId)}${String(s.nextId).padStart(10, '0')}`;
    s.nextId += 1000;
    return id;
  }

  addTicket(orgId: string, t: Omit<Ticket, 'id' | 'ticketNumber'>): Ticket {
    const s = this.state(orgId);
    const ticket: Ticket = { id: this.nextId(orgId), ticketNumber: String(s.nextTicket++), ...t };
    s.tickets.push(ticket);
    return ticket;
  }

  tickets(orgId: string): Ticket[] {
    return this.state(orgId).tickets;
  }
}
