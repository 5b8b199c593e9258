import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatMoneyCard, type ProductivityPayResult } from '@shiftline/shared';
import type { ReactNode } from 'react';

type PayCardsProps = { pay: ProductivityPayResult; onOpenDetails: () => void };

function CardBody({ label, cents, note }: { label: string; cents: number; note: ReactNode }) {
  return (
    <CardContent>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
        {label}
      </Typography>
      <Typography variant="h2" component="p" sx={{ mt: 0.5 }} data-testid="pay-card-value">
        {formatMoneyCard(cents)}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 0.5, minHeight: '1.43em' }}
        data-testid="pay-card-note"
      >
        {note}
      </Typography>
    </CardContent>
  );
}

/** Earned, Commissions, Already Paid and To Be Paid, with 2 decimals; To Be Paid opens the Payment Details. */
export function PayCards({ pay, onOpenDetails }: PayCardsProps) {
  return (
    <>
      <Card data-testid="pay-card-earned">
        <CardBody
          label="Earned"
          cents={pay.earnedCents}
          note={`Hourly ${formatMoneyCard(pay.hourlyCents)} + statutory ${formatMoneyCard(pay.statutoryCents)}`}
        />
      </Card>
      <Card data-testid="pay-card-commissions">
        <CardBody label="Commissions" cents={pay.commissionCents} note="Sold leads in the period" />
      </Card>
      <Card data-testid="pay-card-already-paid">
        <CardBody
          label="Already Paid"
          cents={pay.alreadyPaidCents}
          note={`${pay.payrollCount} ${pay.payrollCount === 1 ? 'payroll' : 'payrolls'}`}
        />
      </Card>
      <Card data-testid="pay-card-to-be-paid" sx={{ borderColor: 'primary.main' }}>
        <CardActionArea onClick={onOpenDetails} aria-haspopup="dialog" data-testid="open-payment-details">
          <CardBody
            label="To Be Paid"
            cents={pay.toBePaidCents}
            note={
              <Typography component="span" variant="body2" color="primary">
                Payment Details
              </Typography>
            }
          />
        </CardActionArea>
      </Card>
    </>
  );
}
