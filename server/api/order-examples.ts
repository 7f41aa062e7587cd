/*
 * Real answers of the orders and tickets operations, each its schema's example in the document. They
 * were taken from the sample data: a free registration for event 10, two Early Bird tickets of event 1
 * paid at once, a held order paid on its own. tests/integration/openapi.test.ts holds each one
 * to its schema.
 */
export const ORDER_EXAMPLES = {
  OrderResponse: {
    data: {
      id: "f66900f5-7092-4e1c-9f2f-0c0debf04c57",
      url: "/orders/f66900f5-7092-4e1c-9f2f-0c0debf04c57",
      status: "confirmed",
      buyerName: "Ada Lovelace",
      buyerEmail: "ada@example.com",
      language: "en",
      totalCents: 0,
      currency: "USD",
      holdExpiresAt: null,
      createdAt: "2026-11-22T13:02:57.577Z",
      paymentProvider: null,
      cardBrand: null,
      cardLast4: null,
      items: [
        {
          ticketTypeId: 20,
          name: "Free Registration",
          quantity: 2,
          unitPriceCents: 0,
        },
      ],
      tickets: [
        {
          id: "cbb51f70-ffd6-4fdc-b43b-e44a5597738e",
          code: "3S2VZRSJQWPXM4MM9BFM",
          ticketTypeId: 20,
          ticketTypeName: "Free Registration",
          status: "valid",
          checkedInAt: null,
        },
        {
          id: "14f35a10-10e3-43e4-9d18-212fb1a5fa2f",
          code: "75VSSV2N8CA1BF894YG0",
          ticketTypeId: 20,
          ticketTypeName: "Free Registration",
          status: "valid",
          checkedInAt: null,
        },
      ],
      event: {
        id: 10,
        url: "/events/10",
        title: "Union Market Neighbors Potluck & Resource Fair",
        startsAt: "2026-11-28T16:00:00.000Z",
        endsAt: "2026-11-28T19:00:00.000Z",
        timeZone: "America/New_York",
        status: "published",
        venue: {
          name: "Union Market",
          address: "1309 5th St NE",
          city: "Washington",
          state: "DC",
          zipCode: "20002",
        },
      },
      history: [
        {
          status: "confirmed",
          reason: "free_registration",
          at: "2026-11-22T13:02:57.577Z",
        },
      ],
    },
  },
  OrderCreated: {
    data: {
      id: "e2d954bc-ec21-4a76-93af-e8095067c6fa",
      url: "/orders/e2d954bc-ec21-4a76-93af-e8095067c6fa",
      status: "confirmed",
      buyerName: "Ada Lovelace",
      buyerEmail: "ada@example.com",
      language: "en",
      totalCents: 3600,
      currency: "USD",
      holdExpiresAt: null,
      createdAt: "2026-11-22T13:02:58.162Z",
      paymentProvider: "sandbox",
      cardBrand: "visa",
      cardLast4: "4242",
      items: [
        {
          ticketTypeId: 1,
          name: "Early Bird",
          quantity: 2,
          unitPriceCents: 1800,
        },
      ],
      tickets: [
        {
          id: "2a90e084-a46b-4fd8-a2bb-eaa78dbb6c1e",
          code: "3G08M6E5BC3AHCY6D49Q",
          ticketTypeId: 1,
          ticketTypeName: "Early Bird",
          status: "valid",
          checkedInAt: null,
        },
        {
          id: "1721b113-b71c-443b-874f-fe9802b2bd0f",
          code: "X0270PEBED3XPZK0DYJ1",
          ticketTypeId: 1,
          ticketTypeName: "Early Bird",
          status: "valid",
          checkedInAt: null,
        },
      ],
      event: {
        id: 1,
        url: "/events/1",
        title: "Jazz Nights at the Wharf",
        startsAt: "2026-11-26T00:30:00.000Z",
        endsAt: "2026-11-26T03:30:00.000Z",
        timeZone: "America/New_York",
        status: "published",
        venue: {
          name: "The Anthem",
          address: "901 Wharf St SW",
          city: "Washington",
          state: "DC",
          zipCode: "20024",
        },
      },
      history: [
        {
          status: "pending",
          reason: "placed",
          at: "2026-11-22T13:02:58.162Z",
        },
        {
          status: "confirmed",
          reason: "paid",
          at: "2026-11-22T13:02:58.162Z",
        },
      ],
    },
    accessToken: "My8x5f3B0gT9GPqmK_Uxmgp840oDO-j7EzFDoMpueCw",
    payment: {
      outcome: "paid",
    },
  },
  OrderPayment: {
    data: {
      id: "52d0e1e6-c323-4d6c-89fb-9842ab77a58d",
      url: "/orders/52d0e1e6-c323-4d6c-89fb-9842ab77a58d",
      status: "confirmed",
      buyerName: "Ada Lovelace",
      buyerEmail: "ada@example.com",
      language: "en",
      totalCents: 7500,
      currency: "USD",
      holdExpiresAt: null,
      createdAt: "2026-11-22T13:02:58.643Z",
      paymentProvider: "sandbox",
      cardBrand: "mastercard",
      cardLast4: "4444",
      items: [
        {
          ticketTypeId: 2,
          name: "Reserved Seating",
          quantity: 1,
          unitPriceCents: 7500,
        },
      ],
      tickets: [
        {
          id: "52de3737-9387-4b7f-8e57-ea4e6c4f98b6",
          code: "JJWNM5127SKBDP4V0PWN",
          ticketTypeId: 2,
          ticketTypeName: "Reserved Seating",
          status: "valid",
          checkedInAt: null,
        },
      ],
      event: {
        id: 1,
        url: "/events/1",
        title: "Jazz Nights at the Wharf",
        startsAt: "2026-11-26T00:30:00.000Z",
        endsAt: "2026-11-26T03:30:00.000Z",
        timeZone: "America/New_York",
        status: "published",
        venue: {
          name: "The Anthem",
          address: "901 Wharf St SW",
          city: "Washington",
          state: "DC",
          zipCode: "20024",
        },
      },
      history: [
        {
          status: "pending",
          reason: "placed",
          at: "2026-11-22T13:02:58.643Z",
        },
        {
          status: "confirmed",
          reason: "paid",
          at: "2026-11-22T13:02:58.802Z",
        },
      ],
    },
    payment: {
      outcome: "paid",
    },
  },
  MyTicketList: {
    data: [
      {
        code: "3G08M6E5BC3AHCY6D49Q",
        formattedCode: "3G08M-6E5BC-3AHCY-6D49Q",
        status: "valid",
        checkedInAt: null,
        ticketTypeName: "Early Bird",
        isUpcoming: true,
        order: {
          id: "e2d954bc-ec21-4a76-93af-e8095067c6fa",
        },
        event: {
          id: 1,
          title: "Jazz Nights at the Wharf",
          startsAt: "2026-11-26T00:30:00.000Z",
          endsAt: "2026-11-26T03:30:00.000Z",
          timeZone: "America/New_York",
          venueName: "The Anthem",
        },
      },
      {
        code: "3S2VZRSJQWPXM4MM9BFM",
        formattedCode: "3S2VZ-RSJQW-PXM4M-M9BFM",
        status: "valid",
        checkedInAt: null,
        ticketTypeName: "Free Registration",
        isUpcoming: true,
        order: {
          id: "f66900f5-7092-4e1c-9f2f-0c0debf04c57",
        },
        event: {
          id: 10,
          title: "Union Market Neighbors Potluck & Resource Fair",
          startsAt: "2026-11-28T16:00:00.000Z",
          endsAt: "2026-11-28T19:00:00.000Z",
          timeZone: "America/New_York",
          venueName: "Union Market",
        },
      },
    ],
  },
};
