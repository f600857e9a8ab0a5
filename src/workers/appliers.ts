// Owns the list of queue item kinds: importing an area module registers its applier.
import '../ledger/service';
import '../ai/service';
import '../documents/service';
import '../traces/service';
import '../traces/items';
