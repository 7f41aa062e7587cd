import { ticketQrSvg } from "./ticket-qr";

/** A ticket as app/components/ticket-card.tsx shows it: plain data a loader can send to the page. */
export interface TicketCardData {
  code: string;
  ticketTypeName: string;
  eventTitle: string;
  status: "valid" | "void";
  /** ISO 8601. */
  checkedInAt: string | null;
  qrSvg: string;
}

/** What loaders hand TicketCard for an event's tickets: each with its QR code drawn. */
export async function ticketCardsOf(
  tickets: readonly { code: string; ticketTypeName: string; status: "valid" | "void"; checkedInAt: Date | null }[],
  eventTitle: string,
): Promise<TicketCardData[]> {
  return Promise.all(
    tickets.map(async (ticket) => ({
      code: ticket.code,
      ticketTypeName: ticket.ticketTypeName,
      eventTitle,
      status: ticket.status,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
      qrSvg: await ticketQrSvg(ticket.code),
    })),
  );
}
