// Host side of the separate-compilation cases (-c then link, -dc/-dlink): main in a .cpp file.
#include "host_main.h"
