import type { CardField } from "#app/card-form";
import { TextField } from "#app/components/ui/text-field";
import { useTranslation } from "#app/i18n/use-translation";

/**
 * A card's number, expiry and security code, as every payment form asks them; `idPrefix` keeps ids
 * unique on the page, and `errorIdFor` names the message that describes a field's problem.
 */
export function CardFields({
  idPrefix,
  errorIdFor,
}: {
  idPrefix: string;
  errorIdFor: (field: CardField) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-card-number`}
        name="number"
        label={t("checkout.pay.cardNumber")}
        autoComplete="cc-number"
        inputMode="numeric"
        dir="ltr"
        required
        maxLength={23}
        errorId={errorIdFor("number")}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t("checkout.pay.expiry")}</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            id={`${idPrefix}-card-exp-month`}
            name="expMonth"
            label={t("checkout.pay.expMonth")}
            placeholder={t("checkout.pay.expMonthPlaceholder")}
            autoComplete="cc-exp-month"
            inputMode="numeric"
            dir="ltr"
            required
            maxLength={2}
            errorId={errorIdFor("expMonth")}
          />
          <TextField
            id={`${idPrefix}-card-exp-year`}
            name="expYear"
            label={t("checkout.pay.expYear")}
            placeholder={t("checkout.pay.expYearPlaceholder")}
            autoComplete="cc-exp-year"
            inputMode="numeric"
            dir="ltr"
            required
            maxLength={4}
            errorId={errorIdFor("expYear")}
          />
        </div>
      </fieldset>
      <TextField
        id={`${idPrefix}-card-cvc`}
        name="cvc"
        label={t("checkout.pay.cvc")}
        hint={t("checkout.pay.cvcHint")}
        autoComplete="cc-csc"
        inputMode="numeric"
        dir="ltr"
        required
        maxLength={4}
        errorId={errorIdFor("cvc")}
      />
    </>
  );
}
