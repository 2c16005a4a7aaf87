/* Routes of the billing area. */
import router from '@adonisjs/core/services/router'

void router
