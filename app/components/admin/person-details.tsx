import type { ReactNode } from "react";
import { Link } from "react-router";
import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { formatCount, formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { PersonAccount } from "#server/services/staff-people";
import { providerLabel } from "./audit-labels";
import { Badge } from "./people-list";
import { StaffDate } from "./staff-date";
import { shownName } from "#domain/deleted-account";

const linkClasses = "font-medium text-primary underline-offset-2 hover:underline";

/**
 * A titled block of the account page. Not a landmark of its own: the events' and orders' tables are
 * scrolling regions named like their block, and two landmarks of one name cannot be told apart.
 */
function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-md border border-border p-4 sm:grid-cols-[max-content_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-semibold text-muted-foreground">{term}</dt>
          {/* The value is isolated, not the cell: an address or a Latin name keeps its own direction
              but sits beside its term on an Arabic page, not at the far edge. */}
          <dd className="min-w-0 break-words">
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What staff see of an account: its sign-in facts (provider names only, never a secret), its profile,
 * and its events and orders with links to their public pages.
 */
export function PersonDetails({ person }: { person: PersonAccount }) {
  const { t, i18n } = useTranslation();
  const never = <span className="text-muted-foreground">{t("admin.person.never")}</span>;
  const { account, profile } = person;
  return (
    <>
      <Block id="person-account" title={t("admin.person.account")}>
        <Facts
          items={[
            [t("admin.person.email"), <span className="break-all">{account.email}</span>],
            [t("admin.person.created"), <StaffDate instant={account.createdAt} />],
            [t("admin.person.confirmed"), account.confirmedAt ? <StaffDate instant={account.confirmedAt} /> : never],
            [t("admin.person.lastSignIn"), account.lastSignInAt ? <StaffDate instant={account.lastSignInAt} /> : never],
            [
              t("admin.person.providers"),
              account.providers.length > 0
                ? account.providers.map((provider) => providerLabel(t, provider)).join(", ")
                : never,
            ],
            [t("admin.person.sessions"), formatCount(account.activeSessions, i18n.language)],
            [
              t("admin.person.staffRole"),
              person.staff ? (
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone="staff">{t("admin.people.badges.staff")}</Badge>
                  <span>
                    {t("admin.person.staffSince")} <StaffDate instant={person.staff.since} withTime={false} />
                  </span>
                </span>
              ) : (
                t("admin.person.notStaff")
              ),
            ],
          ]}
        />
      </Block>

      <Block id="person-profile" title={t("admin.person.profile")}>
        {profile ? (
          <Facts
            items={[
              [
                t("admin.person.name"),
                <Link to={`/users/${person.id}`} className={linkClasses}>
                  {shownName(t, profile.name)}
                </Link>,
              ],
              [t("admin.person.role"), t(`admin.person.roles.${profile.role}`)],
              ...(profile.organization
                ? [[t("admin.person.organization"), profile.organization] as [string, ReactNode]]
                : []),
              ...(profile.location ? [[t("admin.person.location"), profile.location] as [string, ReactNode]] : []),
              ...(profile.bio ? [[t("admin.person.bio"), profile.bio] as [string, ReactNode]] : []),
            ]}
          />
        ) : (
          <p className="text-muted-foreground">{t("admin.person.noProfile")}</p>
        )}
      </Block>

      <Block id="person-events" title={t("admin.person.events")}>
        {person.events.length === 0 ? (
          <p className="text-muted-foreground">{t("admin.person.noEvents")}</p>
        ) : (
          <ScrollableTable captionId="person-events-caption" caption={t("admin.person.events")}>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.event")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.starts")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.role")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {person.events.map((event) => (
                <tr key={`${event.role}-${event.id}`} className="border-t border-border">
                  <td className="px-3 py-2">
                    <Link to={`/events/${event.id}`} className={linkClasses}>
                      {event.title}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <StaffDate instant={event.startsAt} withTime={false} />
                  </td>
                  <td className="px-3 py-2">{t(`admin.person.eventRoles.${event.role}`)}</td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-1">
                      <Badge tone="neutral">{t(`admin.person.eventStatus.${event.status}`)}</Badge>
                      {event.hidden && <Badge tone="suspended">{t("admin.person.hidden")}</Badge>}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollableTable>
        )}
      </Block>

      <Block id="person-orders" title={t("admin.person.orders")}>
        {person.orders.length === 0 ? (
          <p className="text-muted-foreground">{t("admin.person.noOrders")}</p>
        ) : (
          <ScrollableTable captionId="person-orders-caption" caption={t("admin.person.orders")}>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.event")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.ordered")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.tickets")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.amount")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t("admin.person.columns.status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {person.orders.map((order) => (
                <tr key={order.id} className="border-t border-border">
                  <td className="px-3 py-2">
                    <Link to={`/events/${order.eventId}`} className={linkClasses}>
                      {order.eventTitle}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <StaffDate instant={order.createdAt} withTime={false} />
                  </td>
                  <td className="px-3 py-2">{formatCount(order.tickets, i18n.language)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatMoney(order.totalCents, i18n.language)}</td>
                  <td className="px-3 py-2">
                    <Badge tone="neutral">{t(`admin.person.orderStatus.${order.status}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollableTable>
        )}
      </Block>
    </>
  );
}
